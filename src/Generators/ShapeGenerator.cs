using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace FastFormatters.Generators;

/// <summary>
/// For each partial class deriving from <c>TypeShapeProvider</c> and marked <c>[FastSerializable(typeof(T))]</c>,
/// writes the shapes of every T and of what it reaches, so FastFormatters serves them without reflection.
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class ShapeGenerator : IIncrementalGenerator
{
    private const string AttributeName = "FastFormatters.Serialization.Shapes.FastSerializableAttribute";
    private const string ProviderName = "FastFormatters.Serialization.Shapes.TypeShapeProvider";

    private static readonly DiagnosticDescriptor s_notAProvider = new(
        "FF1001",
        "A [FastSerializable] class must be a partial TypeShapeProvider",
        "'{0}' is marked [FastSerializable] but is not a partial class deriving from FastFormatters.Serialization.Shapes.TypeShapeProvider, in types that are all partial",
        "FastFormatters.Generators",
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    private static readonly DiagnosticDescriptor s_incomplete = new(
        "FF1002",
        "A type the generator cannot describe fully",
        "'{0}' is not fully described: {1}; it is served by reflection on the JIT, but refused where reflection is off (trimmed and Native AOT apps)",
        "FastFormatters.Generators",
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true);

    /// <inheritdoc />
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        var providers = context.SyntaxProvider.ForAttributeWithMetadataName(
            AttributeName,
            static (node, _) => node is ClassDeclarationSyntax,
            static (context, cancellationToken) => Describe((INamedTypeSymbol)context.TargetSymbol, context.Attributes, context.SemanticModel.Compilation, (ClassDeclarationSyntax)context.TargetNode));

        context.RegisterSourceOutput(providers, static (output, result) =>
        {
            if (result.Error is { } error)
            {
                output.ReportDiagnostic(Diagnostic.Create(s_notAProvider, result.Location, error));
                return;
            }

            foreach (string incomplete in result.Incomplete.Split(['\n'], System.StringSplitOptions.RemoveEmptyEntries))
            {
                string[] parts = incomplete.Split('\t');
                output.ReportDiagnostic(Diagnostic.Create(s_incomplete, result.Location, parts[0], parts[1]));
            }

            output.AddSource(result.HintName, result.Source!);
        });
    }

    private static GeneratedProvider Describe(INamedTypeSymbol provider, ImmutableArray<AttributeData> attributes, Compilation compilation, ClassDeclarationSyntax declaration)
    {
        string hintName = provider.ToDisplayString().Replace('<', '_').Replace('>', '_') + ".Shapes.g.cs";
        var baseType = compilation.GetTypeByMetadataName(ProviderName);
        bool derives = false;
        for (var current = provider.BaseType; current is not null; current = current.BaseType)
        {
            derives |= SymbolEqualityComparer.Default.Equals(current, baseType);
        }

        if (!derives || !declaration.Modifiers.Any(modifier => modifier.Text == "partial") || !ContainersArePartial(provider))
        {
            return new GeneratedProvider(hintName, null, provider.Name, declaration.Identifier.GetLocation(), string.Empty);
        }

        var graph = new TypeGraph(compilation);
        foreach (var attribute in attributes)
        {
            if (attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is ITypeSymbol root)
            {
                graph.Add(root);
            }
        }

        string incomplete = string.Join("\n", graph.Incomplete.Select(entry => entry.Type + "\t" + entry.Reason));
        return new GeneratedProvider(hintName, ShapeEmitter.Emit(provider, graph.Nodes), null, declaration.Identifier.GetLocation(), incomplete);
    }

    // The generated half is declared inside the same containing types, which must take a second part too.
    private static bool ContainersArePartial(INamedTypeSymbol provider)
    {
        for (var container = provider.ContainingType; container is not null; container = container.ContainingType)
        {
            if (!container.DeclaringSyntaxReferences.Any(reference => reference.GetSyntax() is TypeDeclarationSyntax type && type.Modifiers.Any(modifier => modifier.Text == "partial")))
            {
                return false;
            }
        }

        return true;
    }

    // The source is the model: equal text, nothing to regenerate. What the graph could not describe is kept as text too
    // (a line per type, its reason after a tab), so the record stays equatable.
    private sealed record GeneratedProvider(string HintName, string? Source, string? Error, Location? Location, string Incomplete);
}

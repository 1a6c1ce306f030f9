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
            return new GeneratedProvider(hintName, null, provider.Name, declaration.Identifier.GetLocation());
        }

        var graph = new TypeGraph(compilation);
        foreach (var attribute in attributes)
        {
            if (attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is ITypeSymbol root)
            {
                graph.Add(root);
            }
        }

        return new GeneratedProvider(hintName, ShapeEmitter.Emit(provider, graph.Nodes), null, null);
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

    // The source is the model: equal text, nothing to regenerate.
    private sealed record GeneratedProvider(string HintName, string? Source, string? Error, Location? Location);
}

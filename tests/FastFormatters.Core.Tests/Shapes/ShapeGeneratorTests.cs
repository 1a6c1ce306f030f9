using System.Collections.Immutable;
using FastFormatters.Generators;
using FastFormatters.Serialization.Shapes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace FastFormatters.Core.Tests.Shapes;

/// <summary>
/// The source generator run on code it must handle or refuse: its output compiles without a diagnostic, and a marked
/// class that cannot hold it is an error that names it.
/// </summary>
public sealed class ShapeGeneratorTests
{
    [Fact]
    public void A_marked_class_that_is_not_a_partial_TypeShapeProvider_is_an_error_naming_it()
    {
        var (diagnostics, _) = Run("""
            using FastFormatters.Serialization.Shapes;

            [FastSerializable(typeof(int))]
            public sealed class NotPartial : TypeShapeProvider
            {
                public override TypeShape GetShape(System.Type type) => null;
            }

            [FastSerializable(typeof(int))]
            public sealed partial class NotAProvider;

            public static class NotPartialOuter
            {
                [FastSerializable(typeof(int))]
                public sealed partial class Inner : TypeShapeProvider;
            }
            """);

        Assert.Equal(["FF1001: NotPartial", "FF1001: NotAProvider", "FF1001: Inner"], diagnostics.Where(d => d.Id == "FF1001").Select(d => $"{d.Id}: {d.GetMessage().Split('\'')[1]}"));
        Assert.All(diagnostics, d => Assert.Equal(DiagnosticSeverity.Error, d.Severity));

        // Nothing is generated for them: the compiler's only complaint is the provider that got no GetShape.
        Assert.Equal(["CS0534"], diagnostics.Where(d => d.Id != "FF1001").Select(d => d.Id));
    }

    [Fact]
    public void The_output_compiles_for_nested_providers_keyword_members_generic_types_and_required_members()
    {
        var (diagnostics, output) = Run("""
            using System.Collections.Generic;
            using FastFormatters.Serialization.Shapes;

            namespace App.Models
            {
                public sealed class Box<T>
                {
                    public T Value { get; init; }

                    public List<T> Items { get; set; } = new();
                }

                public sealed class Keywords
                {
                    public int @class { get; set; }

                    public string @event = "";
                }

                public sealed class Needs
                {
                    public required string Name { get; init; }

                    public Box<int> Box { get; set; } = new();

                    public Dictionary<long, Keywords?> ByKey { get; set; } = new();
                }

                public readonly record struct Point(int X, int Y);

                public static partial class Outer
                {
                    [FastSerializable(typeof(Needs))]
                    [FastSerializable(typeof(Point[]))]
                    public sealed partial class Shapes : TypeShapeProvider;
                }
            }
            """);

        Assert.Empty(diagnostics);
        Assert.Contains("new global::FastFormatters.Serialization.Shapes.ObjectShape<global::App.Models.Box<int>>", output, StringComparison.Ordinal);
        Assert.Contains("owner.@class", output, StringComparison.Ordinal);
        Assert.Contains("UnsafeAccessorKind.Constructor", output, StringComparison.Ordinal);

        // Box<int>'s init member, through an accessor class generic over Box's own parameter.
        Assert.Contains("Invoke(global::App.Models.Box<T> owner, T value)", output, StringComparison.Ordinal);
        Assert.Contains("<int>.Invoke(owner, value)", output, StringComparison.Ordinal);
        Assert.Contains("new global::FastFormatters.Serialization.Shapes.ArrayShape<global::App.Models.Point>()", output, StringComparison.Ordinal);
    }

    [Fact]
    public void Init_members_of_generic_types_nested_in_generic_types_or_with_constrained_parameters_get_accessors_with_every_parameter()
    {
        var (diagnostics, output) = Run("""
            using System;
            using FastFormatters.Serialization.Shapes;

            public static class Outer<TOuter>
            {
                public sealed class Inner<TInner>
                {
                    public TOuter A { get; init; } = default!;

                    public TInner B { get; init; } = default!;
                }
            }

            public sealed class Constrained<T>
                where T : struct, IComparable<T>
            {
                public required T Value { get; init; }
            }

            #pragma warning disable CS0693
            public sealed class Clash<T>
            {
                public sealed class Inner<T>
                {
                    public T Value { get; init; } = default!;
                }
            }
            #pragma warning restore CS0693

            [FastSerializable(typeof(Outer<string>.Inner<int>))]
            [FastSerializable(typeof(Constrained<long>))]
            [FastSerializable(typeof(Clash<int>.Inner<string>))]
            public sealed partial class Shapes : TypeShapeProvider;
            """);

        // The one member no accessor class can reach is named at compile time.
        var incomplete = Assert.Single(diagnostics);
        Assert.Equal(("FF1002", DiagnosticSeverity.Warning), (incomplete.Id, incomplete.Severity));
        Assert.Contains("'Clash<int>.Inner<string>'", incomplete.GetMessage(), StringComparison.Ordinal);
        Assert.Contains("'Value'", incomplete.GetMessage(), StringComparison.Ordinal);
        Assert.Contains("<TOuter, TInner>\n", output.ReplaceLineEndings("\n"), StringComparison.Ordinal);
        Assert.Contains("Invoke(global::Outer<TOuter>.Inner<TInner> owner, TInner value)", output, StringComparison.Ordinal);
        Assert.Contains("<string, int>.Invoke(owner, value)", output, StringComparison.Ordinal);
        Assert.Contains("<T> where T : struct, global::System.IComparable<T>", output, StringComparison.Ordinal);

        // Two parameters named T: no accessor class can hold both, so that init member is left out (refused at run time).
        Assert.DoesNotContain("<T, T>", output, StringComparison.Ordinal);
    }

    [Fact]
    public void Non_public_members_marked_JsonInclude_get_UnsafeAccessors_and_a_member_of_a_type_it_cannot_name_is_a_warning()
    {
        var (diagnostics, output) = Run("""
            using System.Text.Json.Serialization;
            using FastFormatters.Serialization.Shapes;

            public sealed class Account
            {
                [JsonInclude]
                public string Owner { get; private set; } = "";

                [JsonInclude]
                internal int Balance { get; set; }

                [JsonInclude]
                private long _version;

                private int NotIncluded { get; set; }
            }

            public struct Reading
            {
                [JsonInclude]
                internal double Value;
            }

            public sealed class Hidden
            {
                [JsonInclude]
                private Secret Inner { get; set; }

                private sealed class Secret;
            }

            [FastSerializable(typeof(Account))]
            [FastSerializable(typeof(Reading))]
            [FastSerializable(typeof(Hidden))]
            public sealed partial class Shapes : TypeShapeProvider;
            """);

        // Hidden's member is of a type generated code cannot name: the type is left undescribed, and said so.
        var incomplete = Assert.Single(diagnostics);
        Assert.Equal(("FF1002", DiagnosticSeverity.Warning), (incomplete.Id, incomplete.Severity));
        Assert.Contains("'Hidden'", incomplete.GetMessage(), StringComparison.Ordinal);
        Assert.Contains("'Inner'", incomplete.GetMessage(), StringComparison.Ordinal);
        Assert.DoesNotContain("typeof(global::Hidden)", output, StringComparison.Ordinal);

        Assert.Contains("Name = \"set_Owner\"", output, StringComparison.Ordinal);
        Assert.Contains("Name = \"get_Balance\"", output, StringComparison.Ordinal);
        Assert.Contains("Name = \"_version\"", output, StringComparison.Ordinal);
        Assert.Contains("ref double Invoke(ref global::Reading owner)", output, StringComparison.Ordinal);
        Assert.DoesNotContain("NotIncluded", output, StringComparison.Ordinal);
    }

    // Runs the generator on the source; the diagnostics are the generator's and the compiler's on its output.
    private static (ImmutableArray<Diagnostic> Diagnostics, string Output) Run(string source)
    {
        var references = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Select(path => MetadataReference.CreateFromFile(path))
            .Append(MetadataReference.CreateFromFile(typeof(TypeShapeProvider).Assembly.Location));
        var compilation = CSharpCompilation.Create(
            "App",
            [CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest))],
            references,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));

        var driver = CSharpGeneratorDriver.Create(new ShapeGenerator()).RunGeneratorsAndUpdateCompilation(compilation, out var updated, out var generatorDiagnostics);
        string output = string.Concat(driver.GetRunResult().GeneratedTrees.Select(tree => tree.ToString()));
        var compilerErrors = updated.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error);
        return ([.. generatorDiagnostics, .. compilerErrors], output);
    }
}

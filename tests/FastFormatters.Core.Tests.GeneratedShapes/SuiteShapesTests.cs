using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text;
using FastFormatters.MessagePack;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Core.Tests;

/// <summary>
/// The generated pass is only as wide as <see cref="SuiteShapes"/>: every model type of the suite (a type a test
/// declares that is neither a test class, a converter, a provider nor a static helper) is one of its roots, so a model
/// added to a test is run from generated shapes too.
/// </summary>
public sealed class SuiteShapesTests
{
    [Fact]
    public void Every_model_of_the_suite_is_a_root_of_the_generated_shapes()
    {
        var roots = typeof(SuiteShapes).GetCustomAttributes<FastSerializableAttribute>().Select(attribute => attribute.Type).ToHashSet();
        var missing = Models().Where(type => !roots.Contains(type)).Select(CSharpName).Order(StringComparer.Ordinal).ToList();

        Assert.True(missing.Count == 0, "SuiteShapes lacks:\n" + string.Join("\n", missing.Select(name => $"[FastSerializable(typeof({name}))]")));
    }

    [Fact]
    public void The_suite_runs_with_the_generated_shapes_first()
        => Assert.Same(SuiteShapes.Default, SuiteOptions.Create().TypeShapeProviders[0]);

    private static IEnumerable<Type> Models()
    {
        Type[] machinery = [typeof(ValueConverter), typeof(ConverterProvider), typeof(ExternalMessagePackSerializer), typeof(TypeShapeProvider), typeof(System.Text.Json.Serialization.JsonConverter), typeof(System.Text.Json.Serialization.JsonSerializerContext), typeof(Attribute), typeof(Exception), typeof(Delegate)];
        Type[] types = typeof(SuiteShapesTests).Assembly.GetTypes();
        return types.Where(type =>
            Nameable(type)
            && !type.IsGenericTypeDefinition
            && !(type.IsAbstract && type.IsSealed)
            && !type.IsDefined(typeof(CompilerGeneratedAttribute))
            && type.Namespace?.StartsWith("FastFormatters.Core.Tests", StringComparison.Ordinal) == true
            && !machinery.Any(kind => kind.IsAssignableFrom(type))
            && !IsTestClass(type)
            && !types.Any(derived => derived.BaseType == type && IsTestClass(derived)));
    }

    private static bool IsTestClass(Type type) => type.GetMethods().Any(method => method.IsDefined(typeof(FactAttribute)));

    // What generated code in this assembly can write in typeof(): no private or protected type on the way.
    private static bool Nameable(Type type)
        => (type.IsPublic || type.IsNotPublic || type.IsNestedPublic || type.IsNestedAssembly) && (type.DeclaringType is null || Nameable(type.DeclaringType));

    private static string CSharpName(Type type)
    {
        var name = new StringBuilder();
        if (type.DeclaringType is { } declaring)
        {
            name.Append(CSharpName(declaring)).Append('.');
        }
        else if (type.Namespace != "FastFormatters.Core.Tests")
        {
            name.Append(type.Namespace!["FastFormatters.Core.Tests.".Length..]).Append('.');
        }

        name.Append(type.Name);
        return name.ToString();
    }
}

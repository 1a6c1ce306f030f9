using System.ComponentModel;
using System.Reflection;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Core.Tests.Shapes;

/// <summary>
/// The shape types are public only because generated code in the app's assembly creates them: IntelliSense offers an
/// app <see cref="FastSerializableAttribute"/>, <see cref="TypeShapeProvider"/> and <see cref="ITypeVisitor{TResult}"/>
/// alone, and a shape kind added later is hidden as well.
/// </summary>
public sealed class ShapeVisibilityTests
{
    private static readonly Type[] s_offered = [typeof(FastSerializableAttribute), typeof(TypeShapeProvider), typeof(ITypeVisitor<>)];

    [Fact]
    public void Every_public_shape_type_but_those_an_app_writes_is_hidden_from_IntelliSense()
    {
        var types = typeof(TypeShape).Assembly.GetExportedTypes().Where(type => type.Namespace == typeof(TypeShape).Namespace).ToList();

        Assert.Contains(typeof(ObjectShape<>), types);
        Assert.Contains(typeof(MemoryShape<,>), types);
        foreach (var type in types)
        {
            Assert.True(IsHidden(type) != s_offered.Contains(type), $"{type} is {(IsHidden(type) ? "hidden" : "offered")}.");
        }
    }

    [Fact]
    public void The_GetShape_the_generator_writes_is_hidden()
        => Assert.True(IsHidden(typeof(TypeShapeProvider).GetMethod(nameof(TypeShapeProvider.GetShape))!));

    private static bool IsHidden(MemberInfo member)
        => member.GetCustomAttribute<EditorBrowsableAttribute>() is { State: EditorBrowsableState.Never };
}

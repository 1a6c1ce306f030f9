using System.Buffers;
using System.Text;
using System.Text.Json.Serialization;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Core.Tests.Shapes;

/// <summary>
/// A type's object shape is its only description, wherever it comes from: reflection builds the same
/// <see cref="ObjectShape{T}"/> the generator emits, and a shape the app gives is used as it is on the JIT too, never
/// replaced by reflection when it gives less than the contract needs.
/// </summary>
public sealed class ObjectShapeSourceTests
{
    [Fact]
    public void Reflection_describes_an_object_with_the_shape_the_generator_emits()
    {
        var shape = Assert.IsType<ObjectShape<ShapedIncluded>>(new ReflectionShapeProvider().GetShape(typeof(ShapedIncluded)));
        var generated = Assert.IsType<ObjectShape<ShapedIncluded>>(IncludedShapes.Default.GetShape(typeof(ShapedIncluded)));

        Assert.Equal(generated.Members.Select(member => member.Member), shape.Members.Select(member => member.Member));
        Assert.Equal(generated.Constructors.Select(constructor => constructor.Constructor), shape.Constructors.Select(constructor => constructor.Constructor));
        Assert.NotNull(shape.Create);
        Assert.IsType<ShapedIncluded>(shape.Create());
    }

    [Fact]
    public void Non_public_members_marked_JsonInclude_are_served_from_the_generated_shape_as_by_reflection()
    {
        var value = ShapedIncluded.Make();
        var reflected = new FastFormattersSerializer(new FastSerializerOptions());
        var shapesOnly = new FastSerializerOptions { BuildsByReflection = false };
        shapesOnly.TypeShapeProviders.Add(IncludedShapes.Default);
        var shaped = new FastFormattersSerializer(shapesOnly);

        string expected = Write(reflected, value);
        string written = Write(shaped, value);

        Assert.Equal(expected, written);
        Assert.Equal("""{"id":2,"privateSetter":"private-set","internalProperty":"internal-set","point":{"y":4,"x":3},"internalField":5}""", written);

        var read = (ShapedIncluded)shaped.Deserialize(FastFormat.Json, Encoding.UTF8.GetBytes(written), typeof(ShapedIncluded))!;
        Assert.Equal(written, Write(shaped, read));
    }

    [Fact]
    public void A_recursive_type_whose_hand_written_shape_has_no_creator_is_written_with_its_children_and_refused_for_reading()
    {
        var tree = new Tree { Name = "root", Children = [new Tree { Name = "a", Children = [new Tree { Name = "a1" }] }, new Tree { Name = "b" }] };
        var byReflection = new FastFormattersSerializer(new FastSerializerOptions());
        var options = new FastSerializerOptions();
        options.TypeShapeProviders.Add(new TreeShapes(create: false, getters: true));
        var byShape = new FastFormattersSerializer(options);

        // Reflection is on (the JIT), yet the shape is what serves the type: writing needs no constructor.
        Assert.Equal(Write(byReflection, tree), Write(byShape, tree));
        string? refusal = byShape.GetUnsupportedReason(FastFormat.Json, typeof(Tree), deserializing: true);
        Assert.NotNull(refusal);
        Assert.Contains(typeof(Tree).ToString(), refusal, StringComparison.Ordinal);
        Assert.Contains("create", refusal, StringComparison.Ordinal);
        Assert.Throws<NotSupportedException>(() => byShape.Deserialize(FastFormat.Json, """{"Name":"x","Children":[]}"""u8, typeof(Tree)));
    }

    [Fact]
    public void A_hand_written_shape_that_gives_less_than_the_contract_needs_refuses_its_type_on_the_JIT_too()
    {
        var options = new FastSerializerOptions();
        options.TypeShapeProviders.Add(new TreeShapes(create: true, getters: false));
        var serializer = new FastFormattersSerializer(options);
        var tree = new Tree { Name = "root", Children = [new Tree { Name = "child" }] };

        // Asked twice: nothing of the failed build (the list of children, built while the tree's converter was in
        // progress, before its label's missing getter refused it) is kept and written from, by reflection or otherwise.
        for (int attempt = 0; attempt < 2; attempt++)
        {
            var refused = Assert.Throws<NotSupportedException>(() => Write(serializer, tree));
            Assert.Contains(typeof(Tree).ToString(), refused.Message, StringComparison.Ordinal);
            Assert.Contains("getter", refused.Message, StringComparison.Ordinal);
        }

        Assert.False(serializer.CanSerialize(FastFormat.Json, typeof(List<Tree>)));
    }

    [Fact]
    public void By_reflection_a_member_no_value_can_have_outside_the_stack_refuses_its_type_only_when_the_contract_serializes_it()
    {
        var serializer = new FastFormattersSerializer(new FastSerializerOptions());

        Assert.Equal("""{"id":1}""", Write(serializer, new IgnoredSpan { Id = 1 }));
        var refused = Assert.Throws<NotSupportedException>(() => Write(serializer, new SerializedSpan()));
        Assert.Contains(typeof(SerializedSpan).ToString(), refused.Message, StringComparison.Ordinal);
    }

    private static string Write(FastFormattersSerializer serializer, object value)
    {
        var output = new ArrayBufferWriter<byte>();
        serializer.Serialize(FastFormat.Json, output, value, value.GetType());
        return Encoding.UTF8.GetString(output.WrittenSpan);
    }

    // Private, so no generated shape describes them: generated code cannot close MemberShape over a ref struct.
    private sealed class IgnoredSpan
    {
        public int Id { get; set; }

        [JsonIgnore]
        public ReadOnlySpan<byte> Raw => "raw"u8;
    }

    private sealed class SerializedSpan
    {
        public ReadOnlySpan<byte> Raw => "raw"u8;
    }

    public sealed class Tree
    {
        public string Name { get; set; } = "";

        public List<Tree> Children { get; set; } = [];

        public string? Label { get; set; }
    }

    // A hand-written provider of Tree, without a creator or without its label's getter, and its list of children.
    private sealed class TreeShapes(bool create, bool getters) : TypeShapeProvider
    {
        public override TypeShape? GetShape(Type type)
            => type == typeof(List<Tree>) ? new ListShape<Tree>()
                : type == typeof(Tree) ? new ObjectShape<Tree>(
                    [
                        new MemberShape<Tree, string>(typeof(Tree).GetProperty(nameof(Tree.Name))!, static (ref Tree tree) => tree.Name, static (ref Tree tree, string value) => tree.Name = value),
                        new MemberShape<Tree, List<Tree>>(typeof(Tree).GetProperty(nameof(Tree.Children))!, static (ref Tree tree) => tree.Children, static (ref Tree tree, List<Tree> value) => tree.Children = value),
                        new MemberShape<Tree, string?>(typeof(Tree).GetProperty(nameof(Tree.Label))!, getters ? static (ref Tree tree) => tree.Label : null, static (ref Tree tree, string? value) => tree.Label = value),
                    ],
                    [],
                    create ? static () => new Tree() : null)
                : null;
    }
}

[FastSerializable(typeof(ShapedIncluded))]
internal sealed partial class IncludedShapes : TypeShapeProvider;

/// <summary>[JsonInclude] on non-public members and accessors, which System.Text.Json's contract serializes.</summary>
public sealed class ShapedIncluded
{
    public int Id { get; set; }

    [JsonInclude]
    public string PrivateSetter { get; private set; } = "initial";

    [JsonInclude]
    internal string InternalProperty { get; set; } = "internal";

    [JsonInclude]
    internal int InternalField;

    [JsonInclude]
    internal ShapedIncludedPoint Point { get; set; }

    public static ShapedIncluded Make()
        => new() { Id = 2, PrivateSetter = "private-set", InternalProperty = "internal-set", InternalField = 5, Point = new ShapedIncludedPoint(3, 4) };
}

/// <summary>A struct with [JsonInclude] on a non-public field and a property with a non-public setter: assigned in place.</summary>
public struct ShapedIncludedPoint
{
    public ShapedIncludedPoint(int x, int y)
    {
        X = x;
        Y = y;
    }

    [JsonInclude]
    internal int X;

    [JsonInclude]
    public int Y { get; private set; }
}

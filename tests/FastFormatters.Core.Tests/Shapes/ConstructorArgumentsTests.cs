using System.Buffers;
using System.Text;
using System.Text.Json;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Core.Tests.Shapes;

/// <summary>
/// An object read through its constructor gets, for each parameter, the value the input gave its member, typed as the
/// parameter is, or the parameter's default: the values System.Text.Json gives the same input, from reflection and from
/// generated shapes alike.
/// </summary>
public sealed class ConstructorArgumentsTests
{
    public static TheoryData<string, string> Inputs() => new()
    {
        { "reflection", "{}" },
        { "reflection", """{"id":1}""" },
        { "reflection", """{"extra":2,"label":"x","offset":-3,"value":0.5}""" },
        { "reflection", """{"limit":null,"samples":[5,6],"status":1,"valid":true,"sensor":"0f8fad5b-d9cb-469f-a165-70867728950e","at":"2026-12-07T10:30:00+02:00"}""" },
        { "reflection", """{"extra":-7,"offset":9223372036854775807,"limit":2147483647,"id":-2147483648}""" },
        { "generated", "{}" },
        { "generated", """{"extra":2,"label":"x","offset":-3,"value":0.5}""" },
        { "generated", """{"extra":-7,"offset":9223372036854775807,"limit":2147483647,"id":-2147483648,"samples":null}""" },
    };

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Each_parameter_gets_the_value_read_or_its_default_as_System_Text_Json_gives_them(string source, string json)
    {
        var serializer = source == "generated" ? ShapesOnly(TestShapes.Default) : new FastFormattersSerializer(new FastSerializerOptions());
        var jsonOptions = new FastFormattersSerializer(new FastSerializerOptions()).JsonSerializerOptions!;

        var read = (ShapedReading)serializer.Deserialize(FastFormat.Json, Encoding.UTF8.GetBytes(json), typeof(ShapedReading))!;
        var expected = JsonSerializer.Deserialize<ShapedReading>(json, jsonOptions)!;

        Assert.Equal(JsonSerializer.Serialize(expected, jsonOptions), JsonSerializer.Serialize(read, jsonOptions));
    }

    [Fact]
    public void The_values_survive_every_format_through_the_constructor()
    {
        var value = ShapedReading.Make();
        foreach (var serializer in new[] { new FastFormattersSerializer(new FastSerializerOptions()), ShapesOnly(TestShapes.Default) })
        {
            foreach (var format in new[] { FastFormat.Json, FastFormat.Jsonc, FastFormat.MessagePack })
            {
                var output = new ArrayBufferWriter<byte>();
                serializer.Serialize(format, output, value);
                var read = (ShapedReading)serializer.Deserialize(format, output.WrittenSpan.ToArray(), typeof(ShapedReading))!;

                Assert.Equal((value.Id, value.Value, value.Valid, value.Sensor, value.At, value.Status, value.Limit, value.Label, value.Pair, value.Offset, value.Extra),
                    (read.Id, read.Value, read.Valid, read.Sensor, read.At, read.Status, read.Limit, read.Label, read.Pair, read.Offset, read.Extra));
                Assert.Equal(value.Samples, read.Samples);
            }
        }
    }

    [Fact]
    public void A_parameter_of_a_wider_type_than_its_member_gets_the_member_value()
    {
        var serializer = new FastFormattersSerializer(new FastSerializerOptions());

        var read = (Widened)serializer.Deserialize(FastFormat.Json, """{"level":5,"items":[1,2],"tag":3}"""u8.ToArray(), typeof(Widened))!;

        Assert.Equal((5, 3), (read.Level, read.Tag));
        Assert.Equal([1, 2], read.Items);
        var empty = (Widened)serializer.Deserialize(FastFormat.Json, "{}"u8.ToArray(), typeof(Widened))!;
        Assert.Equal((-1, 0), (empty.Level, empty.Tag));
        Assert.Empty(empty.Items);
    }

    [Fact]
    public void Two_parameters_bound_to_one_member_each_get_its_value_as_their_own_type()
    {
        var serializer = new FastFormattersSerializer(new FastSerializerOptions());

        var read = (TwiceBound)serializer.Deserialize(FastFormat.Json, """{"level":4}"""u8.ToArray(), typeof(TwiceBound))!;

        Assert.Equal((4, (object)4), (read.Level, read.Boxed));
    }

    [Fact]
    public void A_hand_written_invoker_that_asks_for_an_argument_as_another_type_fails_instead_of_reading_other_bytes()
    {
        var serializer = ShapesOnly(new MistypedShapes());

        var error = Assert.Throws<InvalidCastException>(() => serializer.Deserialize(FastFormat.Json, """{"x":1}"""u8.ToArray(), typeof(Pair)));

        Assert.Contains(typeof(long).ToString(), error.Message, StringComparison.Ordinal);
    }

    private static FastFormattersSerializer ShapesOnly(TypeShapeProvider shapes)
    {
        var options = new FastSerializerOptions { BuildsByReflection = false };
        options.TypeShapeProviders.Add(shapes);
        return new FastFormattersSerializer(options);
    }

    public sealed class Widened
    {
        // Each parameter takes its member's value as a wider type: a nullable, an interface, object.
        public Widened(int? level, IEnumerable<int>? items, object? tag)
        {
            Level = level ?? -1;
            Items = items is null ? [] : [.. items];
            Tag = tag is int number ? number : 0;
        }

        public int Level { get; }

        public List<int> Items { get; }

        public int Tag { get; }
    }

    public sealed class TwiceBound
    {
#pragma warning disable CA1707, IDE1006 // Two parameters whose names differ only in case, as a type may declare them.
        public TwiceBound(int level, object? Level)
#pragma warning restore CA1707, IDE1006
        {
            this.Level = level;
            Boxed = Level;
        }

        public int Level { get; }

        [System.Text.Json.Serialization.JsonIgnore]
        public object? Boxed { get; }
    }

    public sealed class Pair(int x, int y)
    {
        public int X { get; } = x;

        public int Y { get; } = y;
    }

    // A shape whose invoker reads the int parameter x as a long.
    private sealed class MistypedShapes : TypeShapeProvider
    {
        public override TypeShape? GetShape(Type type)
            => type == typeof(Pair) ? new ObjectShape<Pair>(
                [
                    new MemberShape<Pair, int>(typeof(Pair).GetProperty(nameof(Pair.X))!, static (ref Pair pair) => pair.X, null),
                    new MemberShape<Pair, int>(typeof(Pair).GetProperty(nameof(Pair.Y))!, static (ref Pair pair) => pair.Y, null),
                ],
                [new ConstructorShape<Pair>(typeof(Pair).GetConstructor([typeof(int), typeof(int)])!, static arguments => new Pair((int)arguments.Get<long>(0), arguments.Get<int>(1)))],
                null)
                : null;
    }
}

using System.Buffers;
using FastFormatters.Json;
using FastFormatters.MessagePack;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Core.Tests.Shapes;

/// <summary>
/// The shapes the source generator writes for <see cref="TestShapes"/> serve the same bytes as
/// the reflection-built converters, in every format and contract, and read back what those read. The serializers under
/// test build nothing by reflection (as in a trimmed app); the reference ones build everything by reflection.
/// </summary>
public sealed class GeneratedShapeTests
{
    public static TheoryData<string, object> Values()
    {
        var values = new TheoryData<string, object>();
        foreach (var (name, value) in ShapeCatalog.Values)
        {
            values.Add(name, value);
        }

        return values;
    }

    private static readonly string[] s_contracts = ["System.Text.Json and MessagePack-CSharp", "unified", "MessagePack same as JSON"];

    [Theory]
    [MemberData(nameof(Values))]
    public void Generated_shapes_write_what_reflection_writes_and_read_it_back(string name, object value)
    {
        foreach (string contract in s_contracts)
        {
            if (contract == "unified" && value is ShapedText)
            {
                // A documented difference (docs/aot.md): under the unified contract a BCL type's members come in its
                // reference assembly's order (by name) from the generator, in the runtime assembly's from reflection.
                continue;
            }

            var reflected = new FastFormattersSerializer(Options(contract));
            var shaped = new FastFormattersSerializer(Options(contract, shapesOnly: true));
            foreach (var format in new[] { FastFormat.Json, FastFormat.Jsonc, FastFormat.MessagePack })
            {
                byte[] expected = Write(reflected, format, value);
                byte[] written = Write(shaped, format, value);
                Assert.True(expected.AsSpan().SequenceEqual(written), $"{name}, {contract}, {format}: {Convert.ToHexString(written)} instead of {Convert.ToHexString(expected)}");

                // Both read the same back (all of it, except where the contract cannot: a JSON interface member).
                object? readByShapes = shaped.Deserialize(format, written, value.GetType());
                object? readByReflection = reflected.Deserialize(format, expected, value.GetType());
                Assert.Equal(Convert.ToHexString(Write(reflected, format, readByReflection!)), Convert.ToHexString(Write(shaped, format, readByShapes!)));
            }
        }
    }

    [Fact]
    public void The_generator_describes_each_root_and_what_it_reaches_by_kind()
    {
        var shapes = TestShapes.Default;

        Assert.IsType<ObjectShape<ShapedOrder>>(shapes.GetShape(typeof(ShapedOrder)));
        Assert.IsType<ListShape<ShapedLine>>(shapes.GetShape(typeof(List<ShapedLine>)));
        Assert.IsType<ObjectShape<ShapedLine>>(shapes.GetShape(typeof(ShapedLine)));
        Assert.IsType<EnumShape<ShapedStatus>>(shapes.GetShape(typeof(ShapedStatus)));
        Assert.IsType<NullableShape<decimal>>(shapes.GetShape(typeof(decimal?)));
        Assert.IsType<ArrayShape<int>>(shapes.GetShape(typeof(int[])));
        Assert.IsType<DictionaryShape<Dictionary<string, int>, string, int>>(shapes.GetShape(typeof(Dictionary<string, int>)));
        Assert.IsType<EnumerableShape<IReadOnlyList<string>, string>>(shapes.GetShape(typeof(IReadOnlyList<string>)));
        Assert.NotNull(((EnumerableShape<ShapedBag, string>)shapes.GetShape(typeof(ShapedBag))!).Create);
        Assert.IsType<ObjectShape<ShapedCircle>>(shapes.GetShape(typeof(ShapedCircle)));
        Assert.IsType<ObjectShape<ShapedSquare>>(shapes.GetShape(typeof(ShapedSquare)));
        Assert.IsType<ObjectShape<ShapedCat>>(shapes.GetShape(typeof(ShapedCat))); // reached only through [JsonDerivedType]
        Assert.IsType<ObjectShape<ShapedDog>>(shapes.GetShape(typeof(ShapedDog)));
        Assert.IsType<AsyncEnumerableShape<ShapedKeyed>>(shapes.GetShape(typeof(IAsyncEnumerable<ShapedKeyed>)));
        Assert.IsType<ListShape<ShapedKeyed>>(shapes.GetShape(typeof(List<ShapedKeyed>)));
        Assert.IsType<MemoryShape<ReadOnlyMemory<int>, int>>(shapes.GetShape(typeof(ReadOnlyMemory<int>)));
        Assert.IsType<MemoryShape<Memory<ShapedPoint>, ShapedPoint>>(shapes.GetShape(typeof(Memory<ShapedPoint>)));
        Assert.Null(shapes.GetShape(typeof(ReadOnlyMemory<byte>)));
        Assert.Null(shapes.GetShape(typeof(int)));
        Assert.Null(shapes.GetShape(typeof(string)));
        Assert.Null(shapes.GetShape(typeof(Uri)));

        var order = (ObjectShape<ShapedOrder>)shapes.GetShape(typeof(ShapedOrder))!;
        Assert.Contains(order.Members, member => member.Member.Name == nameof(ShapedOrder.Ratio));
        var derived = (ObjectShape<ShapedDerived>)shapes.GetShape(typeof(ShapedDerived))!;
        Assert.Equal([nameof(ShapedBase.BaseValue), nameof(ShapedDerived.Kind), nameof(ShapedDerived.Own)], derived.Members.Select(member => member.Member.Name));
        Assert.Equal(typeof(ShapedDerived), derived.Members[1].Member.DeclaringType);
    }

    [Fact]
    public void On_the_JIT_a_type_a_provider_describes_is_built_from_its_shape_before_reflection()
    {
        // The one place the two descriptions differ observably: under the unified contract, a .NET type's members come
        // in its reference assembly's order from the generator and in the runtime assembly's from reflection.
        var value = new ShapedText { Big = 300, Small = null, Text = new System.Text.StringBuilder("a") };
        var jitWithShapes = Options("unified");
        jitWithShapes.TypeShapeProviders.Add(TestShapes.Default);

        string withShapes = Convert.ToHexString(Write(new FastFormattersSerializer(jitWithShapes), FastFormat.Json, value));
        string shapesOnly = Convert.ToHexString(Write(new FastFormattersSerializer(Options("unified", shapesOnly: true)), FastFormat.Json, value));
        string reflectionOnly = Convert.ToHexString(Write(new FastFormattersSerializer(Options("unified")), FastFormat.Json, value));

        Assert.Equal(shapesOnly, withShapes);
        Assert.NotEqual(reflectionOnly, withShapes);
    }

    [Fact]
    public void Without_reflection_a_type_no_provider_describes_is_refused_by_name()
    {
        var shaped = new FastFormattersSerializer(Options("unified", shapesOnly: true));

        var refused = Assert.Throws<NotSupportedException>(() => Write(shaped, FastFormat.Json, new Undescribed { Value = 1 }));
        Assert.Contains(typeof(Undescribed).ToString(), refused.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Without_reflection_an_external_serializer_still_serves_the_types_it_claims()
    {
        var value = new ShapedClaims { Money = new ShapedMoney(3m, "GBP"), Moneys = [new ShapedMoney(1m, "USD")] };
        var reflected = Options("System.Text.Json and MessagePack-CSharp");
        var shaped = Options("System.Text.Json and MessagePack-CSharp", shapesOnly: true);
        reflected.MessagePack.ExternalSerializers.Add(new MoneyAsArray());
        shaped.MessagePack.ExternalSerializers.Add(new MoneyAsArray());

        byte[] expected = Write(new FastFormattersSerializer(reflected), FastFormat.MessagePack, value);
        byte[] written = Write(new FastFormattersSerializer(shaped), FastFormat.MessagePack, value);

        // The money is the external serializer's two-element array, not the shape's map of its members.
        Assert.Contains("92A3474250", Convert.ToHexString(written), StringComparison.Ordinal);
        Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(written));
        var read = (ShapedClaims)new FastFormattersSerializer(shaped).Deserialize(FastFormat.MessagePack, written, typeof(ShapedClaims))!;
        Assert.Equal(value.Moneys, read.Moneys);
    }

    private static FastSerializerOptions Options(string contract, bool shapesOnly = false)
    {
        var options = new FastSerializerOptions { BuildsByReflection = !shapesOnly };
        if (shapesOnly)
        {
            options.TypeShapeProviders.Add(TestShapes.Default);
        }

        if (contract == "unified")
        {
            options.JsonContract = JsonContractKind.Unified;
        }
        else if (contract == "MessagePack same as JSON")
        {
            options.MessagePack.Contract = MessagePackContract.SameAsJson;
        }

        return options;
    }

    private static byte[] Write(FastFormattersSerializer serializer, FastFormat format, object value)
    {
        var output = new ArrayBufferWriter<byte>();
        serializer.Serialize(format, output, value, value.GetType());
        return output.WrittenSpan.ToArray();
    }

    private sealed class Undescribed
    {
        public int Value { get; set; }
    }

    // Writes a ShapedMoney as MessagePack-CSharp's array form would: [currency, amount as a string].
    private sealed class MoneyAsArray : ExternalMessagePackSerializer
    {
        public override bool Claims(Type type) => type == typeof(ShapedMoney);

        public override void Serialize(IBufferWriter<byte> output, Type type, object? value)
        {
            var money = (ShapedMoney)value!;
            var writer = new FastMessagePackWriter(output, FastSerializerOptions.MaxDepthLimit);
            writer.WriteArrayHeader(2);
            writer.WriteString(money.Currency);
            writer.WriteString(money.Amount.ToString(System.Globalization.CultureInfo.InvariantCulture));
            writer.Flush();
        }

        public override object? Deserialize(ReadOnlyMemory<byte> messagePack, Type type)
        {
            var reader = new FastMessagePackReader(messagePack.Span, FastSerializerOptions.MaxDepthLimit);
            reader.ReadArrayHeader();
            string currency = reader.ReadNonNullString();
            return new ShapedMoney(decimal.Parse(reader.ReadNonNullString(), System.Globalization.CultureInfo.InvariantCulture), currency);
        }
    }
}

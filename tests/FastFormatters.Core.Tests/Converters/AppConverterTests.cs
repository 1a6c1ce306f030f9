using System.Buffers;
using System.Text;
using System.Text.Json.Nodes;
using FastFormatters.Core.Tests.MessagePack;
using FastFormatters.Json;
using FastFormatters.Json.Converters;
using FastFormatters.MessagePack;
using FastFormatters.MessagePack.Converters;
using FastFormatters.Serialization;

namespace FastFormatters.Core.Tests.Converters;

/// <summary>
/// The public seams: an app's converters (<see cref="FastSerializerOptions.Converters"/>) and providers
/// (<see cref="FastSerializerOptions.ConverterProviders"/>) come before everything built in, per format family, for
/// top-level values, members, elements and nullables; bad input they refuse is a <see cref="FormatReadException"/>;
/// a provider's wrong answer is a clear error, the same every time.
/// </summary>
public sealed class AppConverterTests
{
    private static readonly Order s_order = new() { Total = new Money(1250, "EUR"), Lines = [new Money(1000, "EUR"), new Money(250, "EUR")] };

    public static TheoryData<FastFormat> Formats => new() { FastFormat.Json, FastFormat.Jsonc, FastFormat.MessagePack };

    [Fact]
    public void JSON_writes_members_elements_and_nullables_with_the_apps_converter()
    {
        string json = Encoding.UTF8.GetString(Serialize(WithMoneyConverters(), FastFormat.Json, s_order));

        Assert.Equal("""{"total":"1250 EUR","lines":["1000 EUR","250 EUR"],"tip":null}""", json);
    }

    [Fact]
    public void JMC1_counts_what_the_apps_converter_wrote()
    {
        byte[] jmc = Serialize(WithMoneyConverters(), FastFormat.Jsonc, new Money(1250, "EUR"));

        // The header, then the string's length comment (8 bytes: 0x0138 little-endian), then the string.
        Assert.Equal("/*JMC1*//*\u0038\u0001*/\"1250 EUR\"", Encoding.Latin1.GetString(jmc));
    }

    [Fact]
    public void MessagePack_writes_with_the_apps_MessagePack_converter()
    {
        byte[] bytes = Serialize(WithMoneyConverters(), FastFormat.MessagePack, s_order);

        var map = Assert.IsType<MsgMap>(MsgPackDecoder.Decode(bytes));
        var total = Assert.IsType<List<object?>>(map["Total"]);
        Assert.Equal([1250L, "EUR"], total);
        Assert.Null(map["Tip"]);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Every_format_reads_back_through_the_apps_converter(FastFormat format)
    {
        var serializer = WithMoneyConverters();
        var order = s_order with { Tip = new Money(100, "EUR") };

        var read = serializer.Deserialize<Order>(format, Serialize(serializer, format, order));

        Assert.Equal(order.Total, read.Total);
        Assert.Equal(order.Lines, read.Lines);
        Assert.Equal(order.Tip, read.Tip);
    }

    [Fact]
    public void Input_the_apps_converter_refuses_is_a_format_error()
    {
        var serializer = WithMoneyConverters();

        var json = Assert.Throws<FormatReadException>(() => serializer.Deserialize<Order>(FastFormat.Json, """{"total":"lots"}"""u8));
        Assert.Contains("<cents> <currency>", json.Message, StringComparison.Ordinal);

        // {"Total": [1, 2]}: the currency is not a string.
        var msgpack = Assert.Throws<FormatReadException>(() => serializer.Deserialize<Order>(FastFormat.MessagePack, MsgPackTestHelpers.Bytes("81" + MsgPackTestHelpers.Str("Total") + "92 01 02")));
        Assert.Equal("msgpack", msgpack.Format);
    }

    [Fact]
    public void Typed_number_reads_refuse_what_the_type_cannot_hold()
    {
        var options = SuiteOptions.With(new FastSerializerOptions { Converters = { new PercentJsonConverter(), new PercentMessagePackConverter(), new RatioJsonConverter() } });
        var serializer = new FastFormattersSerializer(options);

        Assert.Equal(new Percent(42), serializer.Deserialize<Percent>(FastFormat.Json, "42"u8));
        Assert.Throws<FormatReadException>(() => serializer.Deserialize<Percent>(FastFormat.Json, "300"u8));
        Assert.Throws<FormatReadException>(() => serializer.Deserialize<Percent>(FastFormat.Json, "4.2"u8));
        Assert.Throws<FormatReadException>(() => serializer.Deserialize<Ratio>(FastFormat.Json, "1e400"u8));
        Assert.Equal(new Ratio(0.5), serializer.Deserialize<Ratio>(FastFormat.Json, "5e-1"u8));
        Assert.Equal(new Percent(42), serializer.Deserialize<Percent>(FastFormat.MessagePack, [42]));
        Assert.Throws<FormatReadException>(() => serializer.Deserialize<Percent>(FastFormat.MessagePack, [0xCD, 0x01, 0x2C]));
        Assert.Throws<FormatReadException>(() => serializer.Deserialize<Percent>(FastFormat.MessagePack, [0xFF]));
    }

    [Fact]
    public void Schemas_show_what_each_family_converter_says_it_writes()
    {
        var serializer = WithMoneyConverters();

        string json = serializer.GetJsonSchema(FastFormat.Json, typeof(Order)).ToJsonString();
        string msgpack = serializer.GetJsonSchema(FastFormat.MessagePack, typeof(Order)).ToJsonString();

        Assert.Contains("\"pattern\":\"^-?[0-9]{1,19} [A-Z]{3}$\"", json, StringComparison.Ordinal);
        Assert.DoesNotContain("minItems", json, StringComparison.Ordinal);
        Assert.Contains("\"minItems\":2,\"maxItems\":2", msgpack, StringComparison.Ordinal);
        Assert.DoesNotContain("pattern", msgpack, StringComparison.Ordinal);

        // A converter that says nothing is described as any value.
        var silent = new FastFormattersSerializer(SuiteOptions.With(new FastSerializerOptions { Converters = { new ShoutingMoneyJsonConverter() } }));
        Assert.Contains("\"total\":{}", silent.GetJsonSchema(FastFormat.Json, typeof(Order)).ToJsonString(), StringComparison.Ordinal);
    }

    [Fact]
    public void Registered_converters_come_before_providers_and_providers_before_the_built_in_ones()
    {
        var options = SuiteOptions.With(new FastSerializerOptions
        {
            Converters = { new MoneyJsonConverter() },
            ConverterProviders = { new MoneyProvider(json: new ShoutingMoneyJsonConverter(), messagePack: new MoneyMessagePackConverter()) },
        });
        var serializer = new FastFormattersSerializer(options);

        Assert.Equal("\"1250 EUR\"", Encoding.UTF8.GetString(Serialize(serializer, FastFormat.Json, new Money(1250, "EUR"))));
        Assert.Equal([0x92, 0xCD, 0x04, 0xE2, 0xA3, (byte)'E', (byte)'U', (byte)'R'], Serialize(serializer, FastFormat.MessagePack, new Money(1250, "EUR")));
    }

    [Fact]
    public void A_provider_that_answers_for_another_family_fails_clearly_every_time()
    {
        var options = SuiteOptions.With(new FastSerializerOptions { ConverterProviders = { new MoneyProvider(json: null, messagePack: new MoneyMessagePackConverter(), answerJsonWithMessagePack: true) } });
        var serializer = new FastFormattersSerializer(options);

        for (int attempt = 0; attempt < 2; attempt++)
        {
            var error = Assert.ThrowsAny<Exception>(() => Serialize(serializer, FastFormat.Json, s_order));
            Assert.Contains(nameof(MoneyProvider), error.ToString(), StringComparison.Ordinal);
        }
    }

    private static FastFormattersSerializer WithMoneyConverters()
        => new(SuiteOptions.With(new FastSerializerOptions { Converters = { new MoneyJsonConverter(), new MoneyMessagePackConverter() } }));

    private static byte[] Serialize<T>(FastFormattersSerializer serializer, FastFormat format, T value)
    {
        var output = new ArrayBufferWriter<byte>();
        serializer.Serialize(format, output, value);
        return output.WrittenSpan.ToArray();
    }

    public readonly record struct Money(long Cents, string Currency);

    public readonly record struct Percent(byte Value);

    public readonly record struct Ratio(double Value);

    public sealed record Order
    {
        public Money Total { get; init; }

        public List<Money> Lines { get; init; } = [];

        public Money? Tip { get; init; }
    }

    private sealed class MoneyJsonConverter : JsonValueConverter<Money>
    {
        public override JsonObject CreateJsonSchema() => new() { ["type"] = "string", ["pattern"] = "^-?[0-9]{1,19} [A-Z]{3}$" };

        public override void Write(ref FastJsonWriter writer, Money value) => writer.WriteString($"{value.Cents} {value.Currency}");

        public override Money Read(ref FastJsonReader reader)
        {
            string text = reader.ReadNonNullString();
            int space = text.IndexOf(' ', StringComparison.Ordinal);
            return space > 0 && long.TryParse(text.AsSpan(0, space), out long cents)
                ? new Money(cents, text[(space + 1)..])
                : throw reader.Error("Expected money as '<cents> <currency>'.");
        }
    }

    private sealed class ShoutingMoneyJsonConverter : JsonValueConverter<Money>
    {
        public override void Write(ref FastJsonWriter writer, Money value) => writer.WriteString("MONEY!");

        public override Money Read(ref FastJsonReader reader) => throw reader.Error("Not read.");
    }

    private sealed class MoneyMessagePackConverter : MessagePackValueConverter<Money>
    {
        public override JsonObject CreateJsonSchema() => new() { ["type"] = "array", ["minItems"] = 2, ["maxItems"] = 2 };

        public override void Write(ref FastMessagePackWriter writer, Money value)
        {
            writer.WriteArrayHeader(2);
            writer.WriteInt64(value.Cents);
            writer.WriteString(value.Currency);
        }

        public override Money Read(ref FastMessagePackReader reader)
        {
            if (reader.ReadArrayHeader() != 2)
            {
                throw reader.Error("Expected money as [cents, currency].");
            }

            var money = new Money(reader.ReadInteger<long>(), reader.ReadNonNullString());
            return money;
        }
    }

    private sealed class PercentJsonConverter : JsonValueConverter<Percent>
    {
        public override void Write(ref FastJsonWriter writer, Percent value) => writer.WriteNumber(value.Value);

        public override Percent Read(ref FastJsonReader reader) => new(reader.ReadNumber<byte>());
    }

    private sealed class RatioJsonConverter : JsonValueConverter<Ratio>
    {
        public override void Write(ref FastJsonWriter writer, Ratio value) => writer.WriteNumber(value.Value);

        public override Ratio Read(ref FastJsonReader reader) => new(reader.ReadNumber<double>());
    }

    private sealed class PercentMessagePackConverter : MessagePackValueConverter<Percent>
    {
        public override void Write(ref FastMessagePackWriter writer, Percent value) => writer.WriteInt64(value.Value);

        public override Percent Read(ref FastMessagePackReader reader) => new(reader.ReadInteger<byte>());
    }

    private sealed class MoneyProvider(JsonValueConverter<Money>? json, MessagePackValueConverter<Money>? messagePack, bool answerJsonWithMessagePack = false) : ConverterProvider
    {
        public override ValueConverter? GetConverter(Type type, ConverterContext context)
            => type != typeof(Money) ? null
                : context.Family == FormatFamily.MessagePack || answerJsonWithMessagePack ? messagePack
                : json;
    }
}

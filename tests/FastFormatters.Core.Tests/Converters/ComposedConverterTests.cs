using System.Buffers;
using System.Runtime.Serialization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using FastFormatters.Core.Tests.MessagePack;
using FastFormatters.Json;
using FastFormatters.Json.Converters;
using FastFormatters.MessagePack;
using FastFormatters.MessagePack.Converters;
using FastFormatters.Serialization;

namespace FastFormatters.Core.Tests.Converters;

/// <summary>
/// Converters that compose: a provider's converter of <see cref="Envelope{T}"/> takes <c>T</c>'s converter from its
/// <see cref="ConverterContext"/> and writes the data exactly as the serializer writes a <c>T</c> (under its contract,
/// its JSON options and the app's converters) in JSON, JMC1 and MessagePack; envelopes nest, and types that contain
/// themselves through such converters resolve.
/// </summary>
public sealed class ComposedConverterTests
{
    private static readonly Parcel s_parcel = new() { Reference = "P-7", WeightKilograms = 2.5 };

    public static TheoryData<FastFormat> Formats => new() { FastFormat.Json, FastFormat.Jsonc, FastFormat.MessagePack };

    [Fact]
    public void A_JSON_envelope_writes_its_data_as_the_data_types_converter_does()
    {
        var serializer = Serializer();

        string parcel = Text(serializer, FastFormat.Json, s_parcel);
        string envelope = Text(serializer, FastFormat.Json, new Envelope<Parcel>(s_parcel, 1));

        // The contract's names: [JsonPropertyName] and the options' camel case, not the MessagePack keys.
        Assert.Equal("""{"parcel_ref":"P-7","weightKilograms":2.5}""", parcel);
        Assert.Equal("""{"data":""" + parcel + ""","version":1}""", envelope);
    }

    [Fact]
    public void The_apps_JSON_options_apply_to_the_data()
    {
        var serializer = Serializer().WithJsonSerializerOptions(new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower });

        Assert.Equal("""{"data":{"parcel_ref":"P-7","weight_kilograms":2.5},"version":1}""", Text(serializer, FastFormat.Json, new Envelope<Parcel>(s_parcel, 1)));
    }

    [Fact]
    public void A_JMC1_envelope_carries_the_data_with_the_data_types_length_comments()
    {
        var serializer = Serializer();

        string parcel = Encoding.Latin1.GetString(Bytes(serializer, FastFormat.Jsonc, s_parcel));
        string envelope = Encoding.Latin1.GetString(Bytes(serializer, FastFormat.Jsonc, new Envelope<Parcel>(s_parcel, 1)));

        Assert.StartsWith("/*JMC1*/", parcel, StringComparison.Ordinal);
        Assert.Contains(parcel["/*JMC1*/".Length..], envelope, StringComparison.Ordinal);
        Assert.Contains("/*", parcel["/*JMC1*/".Length..], StringComparison.Ordinal);
    }

    [Fact]
    public void A_MessagePack_envelope_writes_its_data_as_the_data_types_converter_does()
    {
        var serializer = Serializer();

        byte[] parcel = Bytes(serializer, FastFormat.MessagePack, s_parcel);
        byte[] envelope = Bytes(serializer, FastFormat.MessagePack, new Envelope<Parcel>(s_parcel, 1));

        // The MessagePack contract's keys ([DataMember] names), not the JSON names.
        var data = Assert.IsType<MsgMap>(MsgPackDecoder.Decode(parcel));
        Assert.Equal(new object?[] { "ref", "kg" }, data.Keys);
        byte[] expected = [0x82, 0xA4, .. "data"u8, .. parcel, 0xA7, .. "version"u8, 0x01];
        Assert.Equal(expected, envelope);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Envelopes_read_back_through_the_data_types_converter(FastFormat format)
    {
        var serializer = Serializer();

        var read = serializer.Deserialize<Envelope<Parcel>>(format, Bytes(serializer, format, new Envelope<Parcel>(s_parcel, 1)));

        Assert.Equal(s_parcel, read.Data);
        Assert.Equal(1, read.Version);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void An_envelope_of_an_envelope_nests_each_through_its_own_converter(FastFormat format)
    {
        var serializer = Serializer();
        var nested = new Envelope<Envelope<Parcel>>(new Envelope<Parcel>(s_parcel, 1), 2);

        byte[] inner = Bytes(serializer, format, nested.Data);
        byte[] outer = Bytes(serializer, format, nested);
        var read = serializer.Deserialize<Envelope<Envelope<Parcel>>>(format, outer);

        Assert.Equal(nested, read);
        if (format == FastFormat.Json)
        {
            Assert.Equal("""{"data":""" + Encoding.UTF8.GetString(inner) + ""","version":2}""", Encoding.UTF8.GetString(outer));
        }
        else if (format == FastFormat.MessagePack)
        {
            byte[] expected = [0x82, 0xA4, .. "data"u8, .. inner, 0xA7, .. "version"u8, 0x02];
            Assert.Equal(expected, outer);
        }
    }

    [Fact]
    public void The_data_types_own_app_converter_writes_inside_the_envelope()
    {
        var serializer = Serializer(new MoneyJsonConverter());

        Assert.Equal("""{"data":"1250 EUR","version":1}""", Text(serializer, FastFormat.Json, new Envelope<Money>(new Money(1250, "EUR"), 1)));
        Assert.Equal(new Money(1250, "EUR"), serializer.Deserialize<Envelope<Money>>(FastFormat.Json, """{"data":"1250 EUR","version":1}"""u8).Data);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void A_type_that_contains_itself_in_an_envelope_resolves(FastFormat format)
    {
        var serializer = Serializer();
        var chain = new Chain { Name = "a", Next = new Envelope<Chain>(new Chain { Name = "b" }, 1) };

        var read = serializer.Deserialize<Chain>(format, Bytes(serializer, format, chain));

        Assert.Equal("a", read.Name);
        Assert.Equal("b", read.Next!.Data.Name);
        Assert.Null(read.Next.Data.Next);
        if (format == FastFormat.Json)
        {
            Assert.Equal("""{"name":"a","next":{"data":{"name":"b","next":null},"version":1}}""", Text(serializer, format, chain));
        }
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void A_composed_converter_of_a_type_that_contains_itself_resolves(FastFormat format)
    {
        // The tree's converter takes its children's list converter, whose element converter is the tree's again.
        var serializer = Serializer();
        var tree = new Tree("root", [new Tree("left", []), new Tree("right", [new Tree("leaf", [])])]);

        var read = serializer.Deserialize<Tree>(format, Bytes(serializer, format, tree));

        Assert.Equal("root", read.Label);
        Assert.Equal(["left", "right"], read.Children.Select(child => child.Label));
        Assert.Equal("leaf", Assert.Single(read.Children[1].Children).Label);
        if (format == FastFormat.Json)
        {
            Assert.Equal("""{"label":"root","children":[{"label":"left","children":[]},{"label":"right","children":[{"label":"leaf","children":[]}]}]}""", Text(serializer, format, tree));
        }
    }

    [Fact]
    public void A_context_gives_converters_of_its_own_family_only()
    {
        var provider = new WrongFamilyProvider();
        var serializer = new FastFormattersSerializer(SuiteOptions.With(new FastSerializerOptions { ConverterProviders = { provider } }));

        Assert.Equal("\"P-7\"", Text(serializer, FastFormat.Json, "P-7"));
        Assert.IsType<InvalidOperationException>(provider.Refusal);
    }

    private static FastFormattersSerializer Serializer(params ValueConverter[] converters)
    {
        var options = SuiteOptions.With(new FastSerializerOptions { ConverterProviders = { new EnvelopeProvider() } });
        foreach (var converter in converters)
        {
            options.Converters.Add(converter);
        }

        return new FastFormattersSerializer(options);
    }

    private static byte[] Bytes<T>(FastFormattersSerializer serializer, FastFormat format, T value)
    {
        var output = new ArrayBufferWriter<byte>();
        serializer.Serialize(format, output, value);
        return output.WrittenSpan.ToArray();
    }

    private static string Text<T>(FastFormattersSerializer serializer, FastFormat format, T value) => Encoding.UTF8.GetString(Bytes(serializer, format, value));

    public sealed record Envelope<T>(T Data, int Version);

    [DataContract]
    public sealed record Parcel
    {
        [DataMember(Name = "ref")]
        [JsonPropertyName("parcel_ref")]
        public string Reference { get; init; } = "";

        [DataMember(Name = "kg")]
        public double WeightKilograms { get; init; }
    }

    public sealed class Chain
    {
        public string Name { get; set; } = "";

        public Envelope<Chain>? Next { get; set; }
    }

    public sealed record Tree(string Label, List<Tree> Children);

    public readonly record struct Money(long Cents, string Currency);

    // Closed over the types it serves, as a trimmed or Native AOT app's provider is: no MakeGenericType.
    private sealed class EnvelopeProvider : ConverterProvider
    {
        public override ValueConverter? GetConverter(Type type, ConverterContext context)
            => type == typeof(Envelope<Parcel>) ? EnvelopeOf<Parcel>(context)
                : type == typeof(Envelope<Envelope<Parcel>>) ? EnvelopeOf<Envelope<Parcel>>(context)
                : type == typeof(Envelope<Chain>) ? EnvelopeOf<Chain>(context)
                : type == typeof(Envelope<Money>) ? EnvelopeOf<Money>(context)
                : type != typeof(Tree) ? null
                : context.Family == FormatFamily.Json ? new TreeJsonConverter(context.GetJsonConverter<List<Tree>>())
                : new TreeMessagePackConverter(context.GetMessagePackConverter<List<Tree>>());

        private static ValueConverter EnvelopeOf<T>(ConverterContext context)
            => context.Family == FormatFamily.Json
                ? new EnvelopeJsonConverter<T>(context.GetJsonConverter<T>())
                : new EnvelopeMessagePackConverter<T>(context.GetMessagePackConverter<T>());
    }

    private sealed class WrongFamilyProvider : ConverterProvider
    {
        public Exception? Refusal { get; private set; }

        public override ValueConverter? GetConverter(Type type, ConverterContext context)
        {
            try
            {
                _ = context.Family == FormatFamily.Json ? (ValueConverter)context.GetMessagePackConverter<Parcel>() : context.GetJsonConverter<Parcel>();
            }
            catch (Exception ex)
            {
                Refusal = ex;
            }

            return null;
        }
    }

    private sealed class EnvelopeJsonConverter<T>(JsonValueConverter<T> data) : JsonValueConverter<Envelope<T>>
    {
        public override void Write(ref FastJsonWriter writer, Envelope<T> value)
        {
            if (value is null)
            {
                writer.WriteNull();
                return;
            }

            writer.WriteBeginObject();
            writer.WritePropertyName("data");
            data.Write(ref writer, value.Data);
            writer.WritePropertyName("version");
            writer.WriteNumber(value.Version);
            writer.WriteEndObject();
        }

        public override Envelope<T> Read(ref FastJsonReader reader)
        {
            if (reader.TryReadNull())
            {
                return null!;
            }

            (T Data, bool Found) read = default;
            int version = 0;
            reader.ReadBeginObject();
            while (reader.ReadIsInObject())
            {
                var name = reader.ReadPropertyName();
                if (name.SequenceEqual("data"u8))
                {
                    read = (data.Read(ref reader), true);
                }
                else if (name.SequenceEqual("version"u8))
                {
                    version = reader.ReadNumber<int>();
                }
                else
                {
                    reader.SkipValue();
                }
            }

            return read.Found ? new Envelope<T>(read.Data, version) : throw reader.Error("Expected an envelope with its data.");
        }
    }

    private sealed class EnvelopeMessagePackConverter<T>(MessagePackValueConverter<T> data) : MessagePackValueConverter<Envelope<T>>
    {
        public override void Write(ref FastMessagePackWriter writer, Envelope<T> value)
        {
            if (value is null)
            {
                writer.WriteNil();
                return;
            }

            writer.WriteMapHeader(2);
            writer.WriteString("data");
            data.Write(ref writer, value.Data);
            writer.WriteString("version");
            writer.WriteInt64(value.Version);
        }

        public override Envelope<T> Read(ref FastMessagePackReader reader)
        {
            if (reader.TryReadNil())
            {
                return null!;
            }

            (T Data, bool Found) read = default;
            int version = 0;
            for (int count = reader.ReadMapHeader(); count > 0; count--)
            {
                var key = reader.ReadStringSpan();
                if (key.SequenceEqual("data"u8))
                {
                    read = (data.Read(ref reader), true);
                }
                else if (key.SequenceEqual("version"u8))
                {
                    version = reader.ReadInteger<int>();
                }
                else
                {
                    reader.Skip();
                }
            }

            return read.Found ? new Envelope<T>(read.Data, version) : throw reader.Error("Expected an envelope with its data.");
        }
    }

    private sealed class TreeJsonConverter(JsonValueConverter<List<Tree>> children) : JsonValueConverter<Tree>
    {
        public override void Write(ref FastJsonWriter writer, Tree value)
        {
            writer.WriteBeginObject();
            writer.WritePropertyName("label");
            writer.WriteString(value.Label);
            writer.WritePropertyName("children");
            children.Write(ref writer, value.Children);
            writer.WriteEndObject();
        }

        public override Tree Read(ref FastJsonReader reader)
        {
            string label = "";
            List<Tree> read = [];
            reader.ReadBeginObject();
            while (reader.ReadIsInObject())
            {
                var name = reader.ReadPropertyName();
                if (name.SequenceEqual("label"u8))
                {
                    label = reader.ReadNonNullString();
                }
                else if (name.SequenceEqual("children"u8))
                {
                    read = children.Read(ref reader);
                }
                else
                {
                    reader.SkipValue();
                }
            }

            return new Tree(label, read);
        }
    }

    private sealed class TreeMessagePackConverter(MessagePackValueConverter<List<Tree>> children) : MessagePackValueConverter<Tree>
    {
        public override void Write(ref FastMessagePackWriter writer, Tree value)
        {
            writer.WriteArrayHeader(2);
            writer.WriteString(value.Label);
            children.Write(ref writer, value.Children);
        }

        public override Tree Read(ref FastMessagePackReader reader)
            => reader.ReadArrayHeader() == 2
                ? new Tree(reader.ReadNonNullString(), children.Read(ref reader))
                : throw reader.Error("Expected a tree as [label, children].");
    }

    private sealed class MoneyJsonConverter : JsonValueConverter<Money>
    {
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
}

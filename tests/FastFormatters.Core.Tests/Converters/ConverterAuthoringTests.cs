using System.Buffers;
using System.Text;
using FastFormatters.Json;
using FastFormatters.Json.Converters;
using FastFormatters.MessagePack;
using FastFormatters.MessagePack.Converters;

namespace FastFormatters.Core.Tests.Converters;

/// <summary>
/// What an app's converter writes cannot be invalid: the JSON writer places the commas and refuses a misplaced name,
/// value or end; numbers are finite; JMC1's comments are the writer's; a MessagePack value is checked against its
/// headers' counts; and a converter that writes or reads other than exactly one value is named in the error, so nothing
/// invalid reaches a client and no reader is left inside a value.
/// </summary>
public sealed class ConverterAuthoringTests
{
    private static readonly Shelf s_shelf = new("A-1", [1, 2, 3]);

    [Fact]
    public void The_JSON_writer_places_the_commas()
    {
        var serializer = Serializer(new ShelfJsonConverter(), new ShelfMessagePackConverter());

        Assert.Equal("""{"name":"A-1","counts":[1,2,3],"empty":[],"nested":{}}""", Text(serializer, FastFormat.Json, s_shelf));
        Assert.Equal("""[{"name":"A-1","counts":[1,2,3],"empty":[],"nested":{}},{"name":"A-1","counts":[1,2,3],"empty":[],"nested":{}}]""", Text(serializer, FastFormat.Json, new[] { s_shelf, s_shelf }));
    }

    [Fact]
    public void JMC1_comments_are_the_writers_and_the_result_reads_back()
    {
        var serializer = Serializer(new ShelfJsonConverter(), new ShelfMessagePackConverter());

        byte[] jmc = Bytes(serializer, FastFormat.Jsonc, s_shelf);

        Assert.StartsWith("/*JMC1*/{", Encoding.Latin1.GetString(jmc), StringComparison.Ordinal);
        Assert.Equal(s_shelf.Counts, serializer.Deserialize<Shelf>(FastFormat.Jsonc, jmc).Counts);
    }

    public static TheoryData<string> MisplacedJson => ["two values", "a value without its name", "a name in an array", "the wrong end", "an open object", "nothing", "NaN"];

    [Theory]
    [MemberData(nameof(MisplacedJson))]
    public void A_JSON_converter_that_would_write_invalid_JSON_fails_naming_itself(string mistake)
    {
        var serializer = Serializer(new MistakenJsonConverter(mistake), new ShelfMessagePackConverter());

        foreach (var value in new object[] { s_shelf, new[] { s_shelf } })
        {
            var error = Assert.Throws<InvalidOperationException>(() => Bytes(serializer, FastFormat.Json, value));
            Assert.Contains(nameof(MistakenJsonConverter), error.Message, StringComparison.Ordinal);
        }
    }

    // Each mistake, with what the error says: a value past a filled count fails as it is written, a short one when the
    // converter returns.
    public static TheoryData<string, string> MisplacedMessagePack => new()
    {
        { "two values", "past the end" },
        { "an array of 3 with 4 elements", "past the end" },
        { "an array of 3 with 2 elements", "left short" },
        { "a short array", "left short" },
        { "a map of 2 pairs with 3 values", "left short" },
        { "an array of 1 holding an array of 2 with 3 elements", "past the end" },
        { "nothing", "no MessagePack value" },
    };

    [Theory]
    [MemberData(nameof(MisplacedMessagePack))]
    public void A_MessagePack_converter_that_would_write_invalid_MessagePack_fails_naming_itself(string mistake, string says)
    {
        var converter = new MistakenMessagePackConverter(mistake);
        var serializer = Serializer(new ShelfJsonConverter(), converter);

        // As a top-level value, a list element and a member's value.
        foreach (var value in new object[] { s_shelf, new[] { s_shelf, s_shelf }, new Cupboard("top", s_shelf) })
        {
            converter.Finished = false;

            var error = Assert.Throws<InvalidOperationException>(() => Bytes(serializer, FastFormat.MessagePack, value));

            Assert.Contains(nameof(MistakenMessagePackConverter), error.Message, StringComparison.Ordinal);
            Assert.Contains(says, error.Message, StringComparison.Ordinal);
            Assert.Equal(says != "past the end", converter.Finished);
        }
    }

    [Fact]
    public void An_app_converters_containers_are_held_to_the_MessagePack_depth_limit()
    {
        var options = new FastSerializerOptions { MessagePack = { MaxDepth = 8 }, Converters = { new ShelfJsonConverter(), new NestingMessagePackConverter() } };
        var serializer = new FastFormattersSerializer(SuiteOptions.With(options));

        // Seven arrays under the top-level array of shelves is the limit of eight; each element's containers close by
        // their counts, so a thousand elements in a row use no more depth than one.
        var within = Enumerable.Repeat(new Shelf("A", new int[7]), 1000).ToArray();
        var read = serializer.Deserialize<object[]>(FastFormat.MessagePack, Bytes(serializer, FastFormat.MessagePack, within));
        Assert.Equal(1000, read.Length);

        var error = Assert.Throws<InvalidOperationException>(() => Bytes(serializer, FastFormat.MessagePack, new[] { new Shelf("A", new int[8]) }));
        Assert.Contains(nameof(NestingMessagePackConverter), error.Message, StringComparison.Ordinal);
        Assert.Contains("maximum depth of 8", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_MessagePack_converter_writing_a_value_past_its_count_is_stopped_there()
    {
        var converter = new MistakenMessagePackConverter("an array of 3 with 4 elements");
        var serializer = Serializer(new ShelfJsonConverter(), converter);
        var output = new ArrayBufferWriter<byte>();

        Assert.Throws<InvalidOperationException>(() => serializer.Serialize(FastFormat.MessagePack, output, s_shelf, typeof(Shelf)));

        Assert.False(converter.Finished);
    }

    [Theory]
    [InlineData("""{"name":"A-1","counts":[1,,2]}""")]
    [InlineData("""{"name":"A-1","counts":[,1]}""")]
    [InlineData("""{"name":"A-1","counts":[1 2]}""")]
    [InlineData("""{"name":"A-1","counts":[1,]}""")]
    [InlineData("""{"name":"A-1",}""")]
    [InlineData("""{,"name":"A-1"}""")]
    [InlineData("""{"name":"A-1" "counts":[]}""")]
    public void Separators_out_of_place_are_bad_input_for_an_app_converter_too(string json)
    {
        var serializer = Serializer(new ShelfJsonConverter(), new ShelfMessagePackConverter());

        // The reader places the separators: the converter asks only whether another member or element follows.
        Assert.Throws<FormatReadException>(() => serializer.Deserialize<Shelf>(FastFormat.Json, Encoding.UTF8.GetBytes(json)));
        Assert.Throws<FormatReadException>(() => serializer.Deserialize<Shelf[]>(FastFormat.Json, Encoding.UTF8.GetBytes("[" + json + "]")));
    }

    [Fact]
    public void An_app_converter_reads_objects_and_arrays_by_asking_what_follows()
    {
        var serializer = Serializer(new ShelfJsonConverter(), new ShelfMessagePackConverter());

        var read = serializer.Deserialize<Shelf[]>(FastFormat.Json, Encoding.UTF8.GetBytes("""[ {"name":"A-1","counts":[1,2,3],"empty":[],"nested":{"a":[{}]}} , { "counts" : [ 4 ] , "name" : "B" } ]"""));

        Assert.Equal(["A-1", "B"], read.Select(shelf => shelf.Name));
        Assert.Equal([1, 2, 3], read[0].Counts);
        Assert.Equal([4], read[1].Counts);
    }

    [Fact]
    public void The_JSON_reader_places_separators_past_sixty_four_levels()
    {
        // 200 arrays deep, an element before and after the inner array at each level: the first needs no comma, the
        // one after the inner array does, past the 64 levels one word holds too.
        const int depth = 200;
        var serializer = new FastFormattersSerializer(SuiteOptions.With(new FastSerializerOptions { JsonContract = JsonContractKind.Unified, Unified = { MaxDepth = FastSerializerOptions.MaxDepthLimit } }));
        string open = string.Concat(Enumerable.Repeat("[1,", depth));
        string close = string.Concat(Enumerable.Repeat(",3]", depth));

        Assert.NotNull(serializer.Deserialize<object>(FastFormat.Json, Encoding.UTF8.GetBytes(open + "[2]" + close)));
        Assert.Throws<FormatReadException>(() => serializer.Deserialize<object>(FastFormat.Json, Encoding.UTF8.GetBytes(open + "[1 2]" + close)));
        Assert.Throws<FormatReadException>(() => serializer.Deserialize<object>(FastFormat.Json, Encoding.UTF8.GetBytes(open + "[2]" + close.Replace(",3]", "3]", StringComparison.Ordinal))));
    }

    [Fact]
    public void A_MessagePack_converter_writes_by_its_headers_counts()
    {
        var serializer = Serializer(new ShelfJsonConverter(), new ShelfMessagePackConverter());

        // [ ["A-1", [1, 2, 3]], ["A-1", [1, 2, 3]] ]
        Assert.Equal("9292A3412D319301020392A3412D3193010203", Convert.ToHexString(Bytes(serializer, FastFormat.MessagePack, new[] { s_shelf, s_shelf })));
        Assert.Equal(s_shelf.Counts, serializer.Deserialize<Shelf[]>(FastFormat.MessagePack, Bytes(serializer, FastFormat.MessagePack, new[] { s_shelf }))[0].Counts);
    }

    [Theory]
    [InlineData(FastFormat.Json)]
    [InlineData(FastFormat.MessagePack)]
    public void A_converter_that_reads_less_than_its_value_fails_naming_itself(FastFormat format)
    {
        var complete = Serializer(new ShelfJsonConverter(), new ShelfMessagePackConverter());
        var hasty = Serializer(new HastyJsonConverter(), new HastyMessagePackConverter());
        byte[] body = Bytes(complete, format, new[] { s_shelf });

        var error = Assert.Throws<InvalidOperationException>(() => hasty.Deserialize<Shelf[]>(format, body));

        Assert.Contains("Hasty", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Every_value_a_converter_can_pass_to_WriteNumber_is_a_JSON_number()
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FastJsonWriter(output, maxDepth: 4);

        writer.WriteBeginArray();
        writer.WriteNumber('a');
        writer.WriteNumber((byte)200);
        writer.WriteNumber((short)-7);
        writer.WriteNumber(ulong.MaxValue);
        writer.WriteNumber(UInt128.MaxValue);
        writer.WriteNumber((Half)0.5);
        writer.WriteNumber(0.25f);
        writer.WriteEndArray();
        writer.Flush();

        using var document = System.Text.Json.JsonDocument.Parse(output.WrittenMemory);
        Assert.All(document.RootElement.EnumerateArray(), number => Assert.Equal(System.Text.Json.JsonValueKind.Number, number.ValueKind));
        Assert.Equal("[97,200,-7,18446744073709551615,340282366920938463463374607431768211455,0.5,0.25]", Encoding.UTF8.GetString(output.WrittenSpan));
    }

    [Fact]
    public void JSON_numbers_are_finite_numbers()
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FastJsonWriter(output, maxDepth: 4);

        writer.WriteBeginArray();
        writer.WriteNumber(1.5);
        writer.WriteNumber(12.50m);
        writer.WriteNumber(-3L);
        Assert.Throws<ArgumentOutOfRangeException>(() => NaN(output));
        writer.WriteEndArray();
        writer.Flush();

        Assert.Equal("[1.5,12.50,-3]", Encoding.UTF8.GetString(output.WrittenSpan));

        static void NaN(ArrayBufferWriter<byte> output)
        {
            var other = new FastJsonWriter(output, maxDepth: 4);
            other.WriteNumber(double.PositiveInfinity);
        }
    }

    [Fact]
    public void The_JSON_writer_knows_each_containers_kind_past_sixty_four_levels()
    {
        // Objects and arrays alternate, 200 deep: each end must close its own kind, and each level must take what its
        // kind takes (a name in an object, a bare value in an array), past the 64 levels kept in one word too.
        const int depth = 200;
        var output = new ArrayBufferWriter<byte>();
        var writer = new FastJsonWriter(output, maxDepth: FastSerializerOptions.MaxDepthLimit);
        var expected = new StringBuilder();
        for (int level = 0; level < depth; level++)
        {
            if (level % 2 == 0)
            {
                writer.WriteBeginObject();
                writer.WritePropertyName("a");
                expected.Append("{\"a\":");
            }
            else
            {
                writer.WriteBeginArray();
                writer.WriteNumber(level);
                expected.Append('[').Append(level).Append(',');
            }
        }

        writer.WriteNull();
        expected.Append("null");
        for (int level = depth - 1; level >= 0; level--)
        {
            if (level % 2 == 0)
            {
                writer.WritePropertyName("z");
                writer.WriteBoolean(true);
                writer.WriteEndObject();
                expected.Append(",\"z\":true}");
            }
            else
            {
                writer.WriteString("e");
                writer.WriteEndArray();
                expected.Append(",\"e\"]");
            }
        }

        writer.Flush();
        Assert.Equal(expected.ToString(), Encoding.UTF8.GetString(output.WrittenSpan));
        Assert.Throws<InvalidOperationException>(() => DeepMismatch(output));

        // 100 objects deep, then an array end where the innermost object is open.
        static void DeepMismatch(ArrayBufferWriter<byte> output)
        {
            var other = new FastJsonWriter(output, maxDepth: FastSerializerOptions.MaxDepthLimit);
            for (int level = 0; level < 100; level++)
            {
                other.WriteBeginArray();
            }

            other.WriteBeginObject();
            other.WriteEndObject();
            for (int level = 0; level < 36; level++)
            {
                other.WriteEndArray();
            }

            other.WritePropertyName("not in an array");
        }
    }

    private static FastFormattersSerializer Serializer(JsonValueConverter<Shelf> json, MessagePackValueConverter<Shelf> messagePack)
        => new(SuiteOptions.With(new FastSerializerOptions { Converters = { json, messagePack } }));

    private static byte[] Bytes(FastFormattersSerializer serializer, FastFormat format, object value)
    {
        var output = new ArrayBufferWriter<byte>();
        serializer.Serialize(format, output, value, value.GetType());
        return output.WrittenSpan.ToArray();
    }

    private static string Text(FastFormattersSerializer serializer, FastFormat format, object value) => Encoding.UTF8.GetString(Bytes(serializer, format, value));

    public sealed record Shelf(string Name, int[] Counts);

    public sealed record Cupboard(string Label, Shelf Top);

    private sealed class ShelfJsonConverter : JsonValueConverter<Shelf>
    {
        public override void Write(ref FastJsonWriter writer, Shelf value)
        {
            writer.WriteBeginObject();
            writer.WritePropertyName("name");
            writer.WriteString(value.Name);
            writer.WritePropertyName("counts");
            writer.WriteBeginArray();
            foreach (int count in value.Counts)
            {
                writer.WriteNumber(count);
            }

            writer.WriteEndArray();
            writer.WritePropertyName("empty");
            writer.WriteBeginArray();
            writer.WriteEndArray();
            writer.WritePropertyName("nested");
            writer.WriteBeginObject();
            writer.WriteEndObject();
            writer.WriteEndObject();
        }

        public override Shelf Read(ref FastJsonReader reader)
        {
            string name = "";
            var counts = new List<int>();
            reader.ReadBeginObject();
            while (reader.ReadIsInObject())
            {
                switch (Encoding.UTF8.GetString(reader.ReadPropertyName()))
                {
                    case "name":
                        name = reader.ReadNonNullString();
                        break;
                    case "counts":
                        reader.ReadBeginArray();
                        while (reader.ReadIsInArray())
                        {
                            counts.Add(reader.ReadNumber<int>());
                        }

                        break;
                    default:
                        reader.SkipValue();
                        break;
                }
            }

            return new Shelf(name, [.. counts]);
        }
    }

    private sealed class MistakenJsonConverter(string mistake) : JsonValueConverter<Shelf>
    {
        public override void Write(ref FastJsonWriter writer, Shelf value)
        {
            switch (mistake)
            {
                case "two values":
                    writer.WriteString(value.Name);
                    writer.WriteString(value.Name);
                    break;
                case "a value without its name":
                    writer.WriteBeginObject();
                    writer.WriteString(value.Name);
                    break;
                case "a name in an array":
                    writer.WriteBeginArray();
                    writer.WritePropertyName("name");
                    break;
                case "the wrong end":
                    writer.WriteBeginObject();
                    writer.WriteEndArray();
                    break;
                case "an open object":
                    writer.WriteBeginObject();
                    writer.WritePropertyName("name");
                    writer.WriteString(value.Name);
                    break;
                case "NaN":
                    writer.WriteNumber(double.NaN);
                    break;
            }
        }

        public override Shelf Read(ref FastJsonReader reader) => throw reader.Error("Not read.");
    }

    private sealed class ShelfMessagePackConverter : MessagePackValueConverter<Shelf>
    {
        public override void Write(ref FastMessagePackWriter writer, Shelf value)
        {
            writer.WriteArrayHeader(2);
            writer.WriteString(value.Name);
            writer.WriteArrayHeader(value.Counts.Length);
            foreach (int count in value.Counts)
            {
                writer.WriteInt64(count);
            }
        }

        public override Shelf Read(ref FastMessagePackReader reader)
        {
            reader.ReadArrayHeader();
            string name = reader.ReadNonNullString();
            int[] counts = new int[reader.ReadArrayHeader()];
            for (int i = 0; i < counts.Length; i++)
            {
                counts[i] = reader.ReadInteger<int>();
            }

            return new Shelf(name, counts);
        }
    }

    private sealed class MistakenMessagePackConverter(string mistake) : MessagePackValueConverter<Shelf>
    {
        // Whether Write returned: a value past a count must stop it where it is written.
        public bool Finished { get; set; }

        public override void Write(ref FastMessagePackWriter writer, Shelf value)
        {
            switch (mistake)
            {
                case "two values":
                    writer.WriteString(value.Name);
                    writer.WriteString(value.Name);
                    break;
                case "an array of 3 with 4 elements":
                    writer.WriteArrayHeader(3);
                    Elements(ref writer, 4);
                    break;
                case "an array of 3 with 2 elements":
                    writer.WriteArrayHeader(3);
                    Elements(ref writer, 2);
                    break;
                case "a short array":
                    writer.WriteArrayHeader(2);
                    writer.WriteString(value.Name);
                    break;
                case "a map of 2 pairs with 3 values":
                    writer.WriteMapHeader(2);
                    writer.WriteString("name");
                    writer.WriteString(value.Name);
                    writer.WriteString("counts");
                    break;
                case "an array of 1 holding an array of 2 with 3 elements":
                    writer.WriteArrayHeader(1);
                    writer.WriteArrayHeader(2);
                    Elements(ref writer, 3);
                    break;
            }

            Finished = true;
        }

        public override Shelf Read(ref FastMessagePackReader reader) => throw reader.Error("Not read.");
    }

    // Writes one array inside another for each count, then the name.
    private sealed class NestingMessagePackConverter : MessagePackValueConverter<Shelf>
    {
        public override void Write(ref FastMessagePackWriter writer, Shelf value)
        {
            foreach (int _ in value.Counts)
            {
                writer.WriteArrayHeader(1);
            }

            writer.WriteString(value.Name);
        }

        public override Shelf Read(ref FastMessagePackReader reader) => throw reader.Error("Not read.");
    }

    // Reads the name and stops, leaving the counts unread.
    private sealed class HastyJsonConverter : JsonValueConverter<Shelf>
    {
        public override void Write(ref FastJsonWriter writer, Shelf value) => throw new NotSupportedException();

        public override Shelf Read(ref FastJsonReader reader)
        {
            reader.ReadBeginObject();
            reader.ReadIsInObject();
            reader.ReadPropertyName();
            return new Shelf(reader.ReadNonNullString(), []);
        }
    }

    private sealed class HastyMessagePackConverter : MessagePackValueConverter<Shelf>
    {
        public override void Write(ref FastMessagePackWriter writer, Shelf value) => throw new NotSupportedException();

        public override Shelf Read(ref FastMessagePackReader reader)
        {
            reader.ReadArrayHeader();
            return new Shelf(reader.ReadNonNullString(), []);
        }
    }

    private static void Elements(ref FastMessagePackWriter writer, int count)
    {
        for (int i = 0; i < count; i++)
        {
            writer.WriteInt64(i);
        }
    }
}

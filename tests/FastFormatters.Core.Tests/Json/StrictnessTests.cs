using static FastFormatters.Core.Tests.Json.JsonTestHelpers;

namespace FastFormatters.Core.Tests.Json;

/// <summary>The reader accepts exactly RFC 8259 JSON; everything else is a <see cref="FormatReadException"/>.</summary>
public sealed class StrictnessTests
{
    // A document with every kind of token: escapes, raw multi-byte UTF-8, nested containers, all literals.
    private const string FullDocument = """{"id":42,"name":"caf\u00e9 😀 日本 \ud83d\ude00","tags":["a","b\n"],"price":-12.5e-3,"ok":true,"none":null,"nested":{"list":[1,[2,[3]],{}],"f":false}}""";

    private const string PrettyDocument = """
        {
          "id": 7,
          "name": "\"quoted\" é",
          "tags": [ "x" ],
          "price": 1E+2,
          "ok": false,
          "none": null,
          "nested": { "a": [ ] }
        }
        """;

    [Theory]
    // Comments
    [InlineData("// comment\n1")]
    [InlineData("/* comment */ 1")]
    [InlineData("[1 /* comment */]")]
    [InlineData("{\"a\":1 // comment\n}")]
    [InlineData("1 // comment")]
    // Trailing and stray commas
    [InlineData("{\"a\":1,}")]
    [InlineData("[1,]")]
    [InlineData("[1,,2]")]
    [InlineData("[,1]")]
    [InlineData("[,]")]
    [InlineData("{,}")]
    [InlineData("{\"a\":1,,\"b\":2}")]
    [InlineData("{\"a\":[1,],\"b\":2}")]
    // Single quotes and unquoted names
    [InlineData("'a'")]
    [InlineData("{'a':1}")]
    [InlineData("{\"a\":'b'}")]
    [InlineData("{a:1}")]
    [InlineData("{1:2}")]
    // Non-standard literals
    [InlineData("NaN")]
    [InlineData("Infinity")]
    [InlineData("-Infinity")]
    [InlineData("[NaN]")]
    [InlineData("{\"a\":Infinity}")]
    [InlineData("nan")]
    [InlineData("undefined")]
    [InlineData("True")]
    [InlineData("FALSE")]
    [InlineData("NULL")]
    [InlineData("tru")]
    [InlineData("nul")]
    [InlineData("fals")]
    [InlineData("truex")]
    [InlineData("nullnull")]
    // Numbers outside the grammar
    [InlineData("01")]
    [InlineData("-01")]
    [InlineData("00")]
    [InlineData("[01]")]
    [InlineData("+1")]
    [InlineData(".5")]
    [InlineData("-.5")]
    [InlineData("1.")]
    [InlineData("[1.]")]
    [InlineData("1.e5")]
    [InlineData("1e")]
    [InlineData("1E")]
    [InlineData("1e+")]
    [InlineData("1e-")]
    [InlineData("[1e]")]
    [InlineData("-")]
    [InlineData("--1")]
    [InlineData("- 1")]
    [InlineData("0x10")]
    [InlineData("1_000")]
    [InlineData("1 000")]
    [InlineData("1.5.5")]
    [InlineData("1e5e5")]
    // Control characters inside strings
    [InlineData("\"a\tb\"")]
    [InlineData("\"a\nb\"")]
    [InlineData("\"a\rb\"")]
    [InlineData("\"\u0000\"")]
    [InlineData("\"\u001f\"")]
    [InlineData("{\"a\u0001\":1}")]
    // Bad escapes
    [InlineData("\"\\x41\"")]
    [InlineData("\"\\a\"")]
    [InlineData("\"\\'\"")]
    [InlineData("\"\\U0041\"")]
    [InlineData("\"\\u00G0\"")]
    [InlineData("\"\\u12\"")]
    [InlineData("\"\\u\"")]
    [InlineData("\"\\ \"")]
    [InlineData("\"\\")]
    // Lone surrogates
    [InlineData("\"\\ud800\"")]
    [InlineData("\"\\udc00\"")]
    [InlineData("\"\\uDBFF\"")]
    [InlineData("\"\\ud800\\u0041\"")]
    [InlineData("\"\\ud800x\"")]
    [InlineData("\"\\ud800\\ud800\"")]
    [InlineData("\"\\udc00\\ud800\"")]
    [InlineData("\"a\\ud83d\"")]
    [InlineData("{\"\\ud800\":1}")]
    // Trailing data
    [InlineData("{} x")]
    [InlineData("1 2")]
    [InlineData("[1]]")]
    [InlineData("{}}")]
    [InlineData("[] []")]
    [InlineData("\"a\"\"b\"")]
    [InlineData("{\"a\":1}{")]
    [InlineData("null,")]
    // Nothing at all
    [InlineData("")]
    [InlineData(" ")]
    [InlineData("\n\t\r ")]
    // Whitespace RFC 8259 does not allow
    [InlineData("\u000b1")]
    [InlineData("\f1")]
    [InlineData("[1,\f2]")]
    // Broken structure
    [InlineData("{\"a\" 1}")]
    [InlineData("{\"a\":}")]
    [InlineData("{\"a\"}")]
    [InlineData("{\"a\"::1}")]
    [InlineData("[1 2]")]
    [InlineData("{\"a\":1 \"b\":2}")]
    [InlineData("[}")]
    [InlineData("{]")]
    [InlineData("]")]
    [InlineData("}")]
    [InlineData(":")]
    [InlineData(",")]
    public void Rejects_what_is_not_rfc_8259_json(string json)
    {
        ReadFails<object>(json);
        ReadFails<List<object>>(json);
    }

    [Theory]
    [InlineData("22 C3 28 22")] // a lead byte followed by a non-continuation byte
    [InlineData("22 FF 22")]
    [InlineData("22 FE 22")]
    [InlineData("22 80 22")] // a lone continuation byte
    [InlineData("22 C0 80 22")] // overlong NUL
    [InlineData("22 E0 80 AF 22")] // overlong '/'
    [InlineData("22 ED A0 80 22")] // UTF-8 encoded surrogate
    [InlineData("22 E2 82 22")] // truncated sequence
    [InlineData("22 F4 90 80 80 22")] // beyond U+10FFFF
    [InlineData("22 F0 9F 98 22")] // emoji missing its last byte
    [InlineData("7B 22 FF 22 3A 31 7D")] // in a member name
    [InlineData("5B 22 61 22 2C 22 C3 22 5D")] // in a later element
    [InlineData("C2 A0 31")] // non-breaking space outside a string
    [InlineData("5B 31 2C E3 80 80 32 5D")] // ideographic space outside a string
    [InlineData("EF BB BF EF BB BF 31")] // two byte order marks
    [InlineData("20 EF BB BF 31")] // a byte order mark after whitespace
    [InlineData("EF BB 31")] // part of a byte order mark
    [InlineData("EF BB BF")] // only a byte order mark
    [InlineData("31 EF BB BF")] // a byte order mark at the end
    public void Rejects_invalid_utf8_and_stray_bytes(string hex)
    {
        ReadFails<object>(Hex(hex));
        ReadFails<string>(Hex(hex));
    }

    [Fact]
    public void Skipped_members_are_held_to_the_same_rules()
    {
        ReadFails<Customer>("""{"id":1,"unknown":'x'}""");
        ReadFails<Customer>("""{"id":1,"unknown":[1,]}""");
        ReadFails<Customer>("""{"id":1,"unknown":{"a":1,}}""");
        ReadFails<Customer>("""{"id":1,"unknown":"\ud800"}""");
        ReadFails<Customer>("""{"id":1,"unknown":01}""");
        ReadFails<Customer>("""{"id":1,"unknown":NaN}""");
        ReadFails<Customer>("""{"id":1,"unknown":"\x"}""");
        ReadFails<Customer>("""{"id":1,"unknown":[[[[}""");
        ReadFails<Customer>(Hex("7B 22 75 22 3A 22 FF 22 7D")); // {"u":"<FF>"}
        ReadFails<Customer>(Hex("7B 22 FF 22 3A 31 7D")); // {"<FF>":1}
    }

    [Fact]
    public void Names_and_strings_are_utf8_however_they_are_read()
    {
        ReadFails<Customer>(Hex("7B 22 69 64 FF 22 3A 31 7D")); // {"id<FF>":1}: a member's name and a stray byte
        ReadFails<Customer>(Hex("7B 22 5C 75 30 30 36 39 FF 22 3A 31 7D")); // {"\u0069<FF>":1}: escaped
        ReadFails<Customer>(Hex("7B 22 75 22 3A 7B 22 FF 22 3A 31 7D 7D")); // {"u":{"<FF>":1}}: a skipped name
        ReadFails<TruncationModel>(Hex("7B 22 6E 61 6D 65 22 3A 22 5C 6E C3 22 7D")); // {"name":"\n<C3>"}: escaped
        ReadFails<TruncationModel>(Hex("7B 22 6E 61 6D 65 22 3A 22 C3 5C 6E 22 7D")); // {"name":"<C3>\n"}: before an escape
        ReadFails<Dictionary<string, int>>(Hex("7B 22 FF 22 3A 31 7D"));

        Assert.Equal("é\n😀", Deserialize<TruncationModel>(Utf8("""{"name":"\u00e9\n\ud83d\ude00"}""")).Name);
        Assert.Equal("é\n😀", Deserialize<TruncationModel>(Utf8("{\"name\":\"é\\n😀\"}")).Name);
    }

    [Fact]
    public void Valid_documents_with_every_token_are_read()
    {
        Assert.IsType<Dictionary<string, object?>>(Deserialize<object>(FullDocument));
        Assert.IsType<Dictionary<string, object?>>(Deserialize<object>(PrettyDocument));

        var model = Deserialize<TruncationModel>(FullDocument);
        Assert.Equal(42, model.Id);
        Assert.Equal("café 😀 日本 😀", model.Name);
        Assert.Equal(["a", "b\n"], model.Tags);
        Assert.Equal(-0.0125, model.Price);
        Assert.True(model.Ok);
        Assert.Null(model.None);
        Assert.NotNull(model.Nested);
    }

    [Theory]
    [InlineData(FullDocument)]
    [InlineData(PrettyDocument)]
    [InlineData("""[1,-2.5e+3,"x\"y",[],{},[{}],{"a":[true,false,null]},"\u00e9"]""")]
    [InlineData("""{"":{"":{"":""}}}""")]
    public void A_document_cut_at_any_byte_is_rejected(string json)
    {
        byte[] utf8 = Utf8(json);
        byte[] withBom = [0xEF, 0xBB, 0xBF, .. utf8];
        var failures = new List<string>();
        foreach (var document in new[] { utf8, withBom })
        {
            for (int length = 0; length < document.Length; length++)
            {
                var cut = document.AsSpan(0, length).ToArray();
                CheckRejected<object>(cut, length, failures);
                CheckRejected<List<object>>(cut, length, failures);
                CheckRejected<Dictionary<string, object?>>(cut, length, failures);
                CheckRejected<TruncationModel>(cut, length, failures);
            }

            Assert.NotNull(Deserialize<object>(document));
        }

        Assert.Empty(failures);
    }

    [Fact]
    public void A_typed_document_cut_at_any_byte_is_rejected()
    {
        byte[] utf8 = Utf8(FullDocument);
        var failures = new List<string>();
        for (int length = 0; length < utf8.Length; length++)
        {
            CheckRejected<TruncationModel>(utf8.AsSpan(0, length).ToArray(), length, failures);
        }

        Assert.Empty(failures);
        Assert.Equal(42, Deserialize<TruncationModel>(utf8).Id);
    }

    [Fact]
    public void A_byte_order_mark_at_the_start_is_skipped()
    {
        byte[] bom = [0xEF, 0xBB, 0xBF];
        Assert.Equal(7, Deserialize<Customer>([.. bom, .. Utf8("""{"id":7}""")]).Id);
        Assert.Equal(1L, Deserialize<object>([.. bom, .. Utf8("1")]));
        Assert.Equal("x", Deserialize<string>([.. bom, .. Utf8(" \"x\" ")]));
        Assert.Null(Deserialize<object>([.. bom, .. Utf8("null")]));
    }

    [Fact]
    public void Byte_positions_count_from_the_start_of_the_body()
    {
        Assert.Equal(5, ReadFails<object>("[1,2,x]").BytePosition);
        Assert.Equal(8, ReadFails<object>([0xEF, 0xBB, 0xBF, .. Utf8("[1,2,x]")]).BytePosition);
    }

    [Fact]
    public void A_value_a_converter_refuses_is_reported_at_its_first_byte()
    {
        // The converter reads the whole string before it can judge it: the error still points where the value starts.
        Assert.Equal(4, ReadFails<List<Guid>>("""[   "not a guid"]""").BytePosition);
        Assert.Equal(12, ReadFails<Dictionary<string, DateTime>>("""{"when":    "yesterday"}""").BytePosition);
    }

    [Theory]
    [InlineData("2147483648")]
    [InlineData("-2147483649")]
    [InlineData("1.5")]
    [InlineData("1.0")]
    [InlineData("1e2")]
    [InlineData("1E0")]
    [InlineData("99999999999999999999999")]
    [InlineData("\"1\"")]
    [InlineData("true")]
    [InlineData("null")]
    [InlineData("[]")]
    [InlineData("{}")]
    public void Int_rejects(string json) => ReadFails<int>(json);

    [Fact]
    public void Integer_types_reject_values_out_of_their_range()
    {
        ReadFails<uint>("-1");
        ReadFails<ulong>("-1");
        ReadFails<ushort>("-1");
        ReadFails<byte>("256");
        ReadFails<byte>("-1");
        ReadFails<sbyte>("128");
        ReadFails<sbyte>("-129");
        ReadFails<short>("32768");
        ReadFails<long>("9223372036854775808");
        ReadFails<long>("-9223372036854775809");
        ReadFails<ulong>("18446744073709551616");
        ReadFails<Int128>("170141183460469231731687303715884105728");
        ReadFails<UInt128>("-1");
    }

    [Theory]
    [InlineData("1e400")]
    [InlineData("-1e400")]
    [InlineData("\"1.5\"")]
    [InlineData("null")]
    [InlineData("true")]
    public void Double_rejects(string json) => ReadFails<double>(json);

    [Fact]
    public void Smaller_floating_point_types_reject_what_overflows_them()
    {
        ReadFails<float>("1e39");
        ReadFails<float>("-3.5e38");
        ReadFails<Half>("65520");
        ReadFails<decimal>("1e400");
        ReadFails<decimal>("79228162514264337593543950336");
    }

    [Fact]
    public void Wrong_json_types_are_rejected()
    {
        ReadFails<string>("1");
        ReadFails<string>("true");
        ReadFails<string>("{}");
        ReadFails<string>("[]");
        ReadFails<bool>("1");
        ReadFails<bool>("\"true\"");
        ReadFails<bool>("null");
        ReadFails<List<int>>("{}");
        ReadFails<int[]>("{\"0\":1}");
        ReadFails<Customer>("[]");
        ReadFails<Customer>("\"{}\"");
        ReadFails<Customer>("1");
        ReadFails<Dictionary<string, int>>("[]");
        ReadFails<Guid>("123");
        ReadFails<DateTime>("0");
        ReadFails<byte[]>("[1,2]");
        ReadFails<Color>("{}");
    }

    [Fact]
    public void Null_is_rejected_for_non_nullable_structs()
    {
        ReadFails<int>("null");
        ReadFails<double>("null");
        ReadFails<bool>("null");
        ReadFails<Guid>("null");
        ReadFails<DateTime>("null");
        ReadFails<DateTimeOffset>("null");
        ReadFails<TimeSpan>("null");
        ReadFails<Color>("null");
        ReadFails<Measurement>("null");
        ReadFails<Coordinates>("null");
        Assert.Equal("$.id", ReadFails<Customer>("""{"id":null}""").Path);
        Assert.Equal("$[1]", ReadFails<List<Measurement>>("""[{"value":1},null]""").Path);
        Assert.Equal("$.y", ReadFails<Point>("""{"x":1,"y":null}""").Path);
    }

    [Fact]
    public void Paths_lead_to_the_failing_value()
    {
        Assert.Equal("$.items[0].price", ReadFails<Cart>("""{"items":[{"price":"x"}]}""").Path);
        Assert.Equal("$.items[2].price", ReadFails<Cart>("""{"items":[{"price":1},{"price":2},{"price":"x"}]}""").Path);
        Assert.Equal("$.items[1].name", ReadFails<Cart>("""{"items":[{"name":"a"},{"name":5}]}""").Path);
        Assert.Equal("$.meta.k[0]", ReadFails<Cart>("""{"items":[],"meta":{"k":[true]}}""").Path);
        Assert.Equal("$.owner.age", ReadFails<Cart>("""{"owner":{"id":1,"age":"old"}}""").Path);
        Assert.Equal("$.y", ReadFails<Point>("""{"x":1,"y":"a"}""").Path);
        Assert.Equal("$[0][1]", ReadFails<List<List<int>>>("[[1,false]]").Path);
        Assert.Equal("$.name", ReadFails<Person>("""{"name":1}""").Path);
        // The wire name, not the CLR name, and the same under another naming policy.
        Assert.Equal("$.first_name", ReadFails<Customer>("""{"first_name":1}""", Options(options => options.Unified.NamingPolicy = System.Text.Json.JsonNamingPolicy.SnakeCaseLower)).Path);
        // Matched case-insensitively, reported as the body spelled it, as System.Text.Json's path is.
        Assert.Equal("$.ITEMS[0].Price", ReadFails<Cart>("""{"ITEMS":[{"Price":"x"}]}""").Path);
        // A name a dotted path cannot carry is bracketed, as System.Text.Json brackets it.
        Assert.Equal("$.meta['a.b'][0]", ReadFails<Cart>("""{"items":[],"meta":{"a.b":[true]}}""").Path);
    }

    [Fact]
    public void Errors_in_the_document_itself_are_at_the_root()
    {
        Assert.Equal("$", ReadFails<Cart>("""{"items":[] "x":1}""").Path);
        Assert.Equal("$", ReadFails<Cart>("{").Path);
        Assert.Equal("$", ReadFails<Cart>("[]").Path);
        Assert.Equal("$", ReadFails<int>("").Path);
        Assert.Equal("$", ReadFails<object>("{} x").Path);
    }

    private static void CheckRejected<T>(byte[] cut, int length, List<string> failures)
    {
        try
        {
            Deserialize<T>(cut);
            failures.Add($"{typeof(T).Name}, {length} bytes: accepted");
        }
        catch (FormatReadException)
        {
        }
        catch (Exception ex)
        {
            failures.Add($"{typeof(T).Name}, {length} bytes: {ex.GetType().Name}: {ex.Message}");
        }
    }
}

public sealed class TruncationModel
{
    public int Id { get; set; }

    public string Name { get; set; } = "";

    public List<string> Tags { get; set; } = [];

    public double Price { get; set; }

    public bool Ok { get; set; }

    public string? None { get; set; }

    public Dictionary<string, object?>? Nested { get; set; }
}

public sealed class Cart
{
    public List<CartItem> Items { get; set; } = [];

    public Dictionary<string, List<int>>? Meta { get; set; }

    public Customer? Owner { get; set; }
}

public sealed class CartItem
{
    public string? Name { get; set; }

    public decimal Price { get; set; }
}

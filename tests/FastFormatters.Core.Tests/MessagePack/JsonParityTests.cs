using System.Globalization;
using System.Text.Json;
using FastFormatters.MessagePack;
using static FastFormatters.Core.Tests.MessagePack.MsgPackTestHelpers;

namespace FastFormatters.Core.Tests.MessagePack;

/// <summary>
/// With <see cref="MessagePackContract.SameAsJson"/>, MessagePack maps carry exactly the JSON member names, in the same
/// order, with the same values: the JSON output is parsed by System.Text.Json and the MessagePack output by the test's
/// own decoder, and the two trees are compared. Dates, times, durations and chars are text in JSON and
/// MessagePack-CSharp's forms in MessagePack (timestamps, ticks, code units): those leaves are compared by reading both
/// documents back.
/// </summary>
public sealed class JsonParityTests
{
    public static TheoryData<string> OptionSets => new() { "default", "camel", "snake", "kebab", "none", "omitNulls", "snakeOmitNulls", "enumNumbers" };

    private static FastSerializerOptions Make(string name)
    {
        var options = MakeJsonOptions(name);
        options.MessagePack.Contract = MessagePackContract.SameAsJson;
        options.JsonContract = FastFormatters.Json.JsonContractKind.Unified;
        return options;
    }

    private static FastSerializerOptions MakeJsonOptions(string name) => name switch
    {
        "default" => SuiteOptions.Create(),
        "camel" => Options(o => o.Unified.NamingPolicy = JsonNamingPolicy.CamelCase),
        "snake" => Options(o => o.Unified.NamingPolicy = JsonNamingPolicy.SnakeCaseLower),
        "kebab" => Options(o => o.Unified.NamingPolicy = JsonNamingPolicy.KebabCaseUpper),
        "none" => Options(o => o.Unified.NamingPolicy = null),
        "omitNulls" => Options(o => o.Unified.OmitNullMembers = true),
        "snakeOmitNulls" => Options(o =>
        {
            o.Unified.NamingPolicy = JsonNamingPolicy.SnakeCaseLower;
            o.Unified.OmitNullMembers = true;
        }),
        "enumNumbers" => Options(o => o.Unified.EnumsAsNumbers = true),
        _ => throw new ArgumentOutOfRangeException(nameof(name)),
    };

    [Theory]
    [MemberData(nameof(OptionSets))]
    public void Naming_model_has_the_same_names_in_the_same_order(string optionSet)
    {
        var options = Make(optionSet);
        foreach (var value in new[]
        {
            new MpNaming { OrderId = 1, CustomerName = "c", HTTPStatus = "200", ExplicitName = 2, DataMemberName = 3, First = 4, Skipped = 5, MaybeNull = null, AlwaysNullable = null, CountsByName = new() { ["OneKey"] = 1 } },
            new MpNaming { MaybeNull = "m", AlwaysNullable = "a" },
        })
        {
            AssertSameDocument(value, options);
        }
    }

    [Theory]
    [MemberData(nameof(OptionSets))]
    public void Data_member_model_has_the_same_names_and_values(string optionSet)
    {
        var options = Make(optionSet);
        AssertSameDocument(new MpDataMembers { Id = 1, Name = "n", Email = null, Nickname = null, NullableText = null, PlainNumber = -7, BirthDate = new DateOnly(2024, 1, 31) }, options);
        AssertSameDocument(new MpDataMembers { Nickname = "nick", NullableText = "t", Email = "e" }, options);
        AssertSameDocument(new MpDataContract { First = 1, Second = 2 }, options);
        AssertSameDocument(new MpDataContract { Optional = "o" }, options);
    }

    [Theory]
    [MemberData(nameof(OptionSets))]
    public void Rich_models_have_the_same_names_and_values(string optionSet)
    {
        var options = Make(optionSet);
        AssertSameDocument(ObjectRoundTripTests.SampleOrder(), options);
        AssertSameDocument(new MpOrder(), options);
        AssertSameDocument(new MpNullables(), options);
        AssertSameDocument(new MpNullables { Text = "t", Number = 1, Point = new MpPoint(1, 2), List = [1], NeverOmitted = "n" }, options);
        AssertSameDocument(new MpWithExtensionData { Known = 3, Extra = new() { ["x_y"] = "z", ["Camel"] = null } }, options);
        AssertSameDocument(new MpLabeledPoint("l", new MpPoint(5, 6)) { Note = null }, options);
        AssertSameDocument(new MpStruct { A = 1, B = null, C = -2.5 }, options);
        AssertSameDocument(new MpNode { Value = 1, Children = [new MpNode { Value = 2 }], Next = null }, options);
        AssertSameDocument(new Dictionary<MpColor, MpPermissions> { [MpColor.Blue] = MpPermissions.Read | MpPermissions.Write, [MpColor.Red] = MpPermissions.None }, options);
        AssertSameDocument(new MpAllTypes
        {
            Big = Int128.MinValue,
            U64 = ulong.MaxValue,
            I64 = long.MinValue,
            Money = 1.50m,
            Real = 1e-20,
            Single = 0.1f,
            Letter = 'é',
            Text = "😀",
            When = new DateTime(2024, 5, 1, 12, 30, 0, 1, DateTimeKind.Utc),
            WhenOffset = new DateTimeOffset(2024, 5, 1, 12, 30, 0, TimeSpan.FromHours(9)),
            Time = new TimeOnly(1, 2, 3, 4),
            Duration = TimeSpan.FromDays(-1.5),
            Link = new Uri("rel", UriKind.Relative),
            Blob = [1, 2, 3, 4, 5],
            Color = MpColor.DarkRed,
            Permissions = MpPermissions.Execute | MpPermissions.Read,
            Names = [],
            ById = new() { [-1] = "minus one" },
            Anything = new Dictionary<string, object?> { ["a"] = new List<object?> { 1L, null, "s", 2.5, true } },
        }, options);
    }

    private static void AssertSameDocument<T>(T value, FastSerializerOptions options)
    {
        string json = SerializeJson(value, options);
        byte[] msgpack = Serialize(value, options);
        using var document = JsonDocument.Parse(json);
        var tree = MsgPackDecoder.Decode(msgpack);
        AssertSame(document.RootElement, tree, "$", json, msgpack);

        // And both read back to the same thing.
        var fromJson = Serializer(options).DeserializeJson<T>(System.Text.Encoding.UTF8.GetBytes(json));
        var fromMessagePack = Deserialize<T>(msgpack, options);
        Assert.Equal(Hex(Serialize(fromJson, options)), Hex(Serialize(fromMessagePack, options)));
    }

    private static void AssertSame(JsonElement json, object? msgpack, string path, string wholeJson, byte[] wholeMsgPack)
    {
        string where = $"at {path}; JSON {wholeJson}; MessagePack {Hex(wholeMsgPack)}";
        switch (json.ValueKind)
        {
            case JsonValueKind.Object:
                var map = msgpack as MsgMap ?? throw new Xunit.Sdk.XunitException($"Expected a map {where}");
                var jsonNames = json.EnumerateObject().Select(property => property.Name).ToList();
                // Integer dictionary keys are text in JSON, integers in MessagePack (as MessagePack-CSharp writes them).
                var mapKeys = map.Keys.Select(key => key switch
                {
                    string text => text,
                    long or ulong => Convert.ToString(key, CultureInfo.InvariantCulture)!,
                    _ => throw new Xunit.Sdk.XunitException($"Non-string key {key} {where}"),
                }).ToList();
                // Enum keys are names in JSON and, with enums as numbers, numbers in MessagePack: compared on read-back.
                mapKeys = mapKeys.Select((key, index) => map[index].Key is long or ulong && index < jsonNames.Count && !long.TryParse(jsonNames[index], out _) ? jsonNames[index] : key).ToList();
                Assert.True(jsonNames.SequenceEqual(mapKeys), $"Names differ {where}: JSON [{string.Join(", ", jsonNames)}], MessagePack [{string.Join(", ", mapKeys)}]");
                int i = 0;
                foreach (var property in json.EnumerateObject())
                {
                    AssertSame(property.Value, map[i++].Value, path + "." + property.Name, wholeJson, wholeMsgPack);
                }

                break;
            case JsonValueKind.Array:
                var list = msgpack as List<object?> ?? throw new Xunit.Sdk.XunitException($"Expected an array {where}");
                Assert.True(json.GetArrayLength() == list.Count, $"Lengths differ {where}");
                int index = 0;
                foreach (var item in json.EnumerateArray())
                {
                    AssertSame(item, list[index], $"{path}[{index}]", wholeJson, wholeMsgPack);
                    index++;
                }

                break;
            case JsonValueKind.String:
                string text = json.GetString()!;
                switch (msgpack)
                {
                    case string s:
                        Assert.True(text == s, $"Strings differ {where}: '{text}' vs '{s}'");
                        break;
                    case byte[] bin:
                        Assert.True(text == Convert.ToBase64String(bin), $"Binary differs {where}");
                        break;
                    case double real:
                        // NaN and infinities: strings in JSON, native in MessagePack.
                        Assert.True(text == real.ToString(CultureInfo.InvariantCulture).Replace("∞", "Infinity", StringComparison.Ordinal), $"Non-finite differs {where}");
                        break;
                    case float single:
                        Assert.True(text == single.ToString(CultureInfo.InvariantCulture).Replace("∞", "Infinity", StringComparison.Ordinal), $"Non-finite differs {where}");
                        break;
                    case MsgExt { Type: -1 } or long or ulong or List<object?> { Count: 2 }:
                        // A timestamp, ticks, a day number, a code unit or [timestamp, offset]: compared on read-back.
                        break;
                    default:
                        throw new Xunit.Sdk.XunitException($"Expected a string, binary or float for '{text}' {where}, got {msgpack?.GetType().Name ?? "nil"}");
                }

                break;
            case JsonValueKind.Number:
                string raw = json.GetRawText();
                switch (msgpack)
                {
                    case long integer:
                        Assert.True(raw == integer.ToString(CultureInfo.InvariantCulture), $"Integers differ {where}: {raw} vs {integer}");
                        break;
                    case ulong large:
                        Assert.True(raw == large.ToString(CultureInfo.InvariantCulture), $"Integers differ {where}: {raw} vs {large}");
                        break;
                    case string exact:
                        // Decimals and 128-bit integers: the JSON number's text is the MessagePack string.
                        Assert.True(raw == exact, $"Exact numbers differ {where}: {raw} vs {exact}");
                        break;
                    case double real:
                        Assert.True(json.GetDouble() == real, $"Doubles differ {where}: {raw} vs {real:R}");
                        break;
                    case float single:
                        Assert.True(json.GetSingle() == single, $"Floats differ {where}: {raw} vs {single:R}");
                        break;
                    default:
                        throw new Xunit.Sdk.XunitException($"Expected a number for {raw} {where}, got {msgpack?.GetType().Name ?? "nil"}");
                }

                break;
            case JsonValueKind.True:
            case JsonValueKind.False:
                Assert.True(msgpack is bool b && b == json.GetBoolean(), $"Booleans differ {where}");
                break;
            case JsonValueKind.Null:
                Assert.True(msgpack is null, $"Expected nil {where}");
                break;
            default:
                throw new Xunit.Sdk.XunitException($"Unexpected JSON {json.ValueKind} {where}");
        }
    }
}

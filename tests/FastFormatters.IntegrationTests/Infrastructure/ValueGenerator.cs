using System.Collections;
using System.Reflection;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>
/// Seeded random values of any model type, for the generated-values half of the differential oracle: every primitive
/// width with its edge values, text with escapes, control characters and characters beyond the BMP, dates and offsets,
/// GUIDs, enums, nullables, arrays, lists, sets, dictionaries (string, integer, GUID and enum keys), any other
/// collection System.Text.Json can create (immutable, concurrent, read-only: built by it from a list of elements),
/// JSON documents, subtypes named by <c>[JsonDerivedType]</c>, objects through their settable members and their widest
/// public constructor, and recursion to a fixed depth. The same seed gives the same values on every run.
/// </summary>
public sealed class ValueGenerator(Random random)
{
    private const int MaxDepth = 4;
    private static readonly string[] s_texts = ["", "a", "quote \" and \\ backslash", "line\nbreak\ttab", "\u0001\u001f control", "é ü ñ", "日本語", "emoji 😀", "<script>&amp;'", "  spaced  ", "/slash/"];

    /// <summary>A value of <paramref name="type"/>.</summary>
    public object? Next(Type type) => Next(type, 0);

    private object? Next(Type type, int depth)
    {
        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return random.Next(5) == 0 ? null : Next(underlying, depth);
        }

        if (Leaf(type) is { } leaf)
        {
            return leaf;
        }

        if (type.IsEnum)
        {
            var values = Enum.GetValues(type);
            return values.Length == 0 ? Activator.CreateInstance(type) : values.GetValue(random.Next(values.Length));
        }

        if (!type.IsValueType && depth > 0 && random.Next(6) == 0)
        {
            return null;
        }

        if (type == typeof(JsonElement))
        {
            return JsonDocument.Parse(Document()).RootElement.Clone();
        }

        if (typeof(JsonNode).IsAssignableFrom(type))
        {
            return JsonNode.Parse(type == typeof(JsonArray) ? "[1,\"x\",null]" : Document());
        }

        if (type.IsArray)
        {
            var element = type.GetElementType()!;
            var items = Items(element, depth);
            var array = Array.CreateInstance(element, items.Count);
            for (int i = 0; i < items.Count; i++)
            {
                array.SetValue(items[i], i);
            }

            return array;
        }

        // A memory of other elements than bytes: over an array of them (bytes are generated as bytes below).
        if (type.IsGenericType && (type.GetGenericTypeDefinition() == typeof(Memory<>) || type.GetGenericTypeDefinition() == typeof(ReadOnlyMemory<>))
            && type.GetGenericArguments()[0] is var memoryElement && memoryElement != typeof(byte))
        {
            return Activator.CreateInstance(type, Next(memoryElement.MakeArrayType(), depth));
        }

        if (DictionaryTypes(type) is var (key, value))
        {
            var dictionary = (IDictionary)Activator.CreateInstance(typeof(Dictionary<,>).MakeGenericType(key, value))!;
            int count = depth >= MaxDepth ? 0 : random.Next(4);
            for (int i = 0; i < count; i++)
            {
                object keyValue = Next(key, depth + 1) ?? "key";
                dictionary[keyValue] = Next(value, depth + 1);
            }

            return Convert(dictionary, type, depth);
        }

        if (ElementType(type) is { } elementType)
        {
            var list = (IList)Activator.CreateInstance(typeof(List<>).MakeGenericType(elementType))!;
            foreach (var item in Items(elementType, depth))
            {
                list.Add(item);
            }

            return Convert(list, type, depth);
        }

        return Object(type, depth);
    }

    private object? Leaf(Type type)
    {
        int pick = random.Next(6);
        return type switch
        {
            _ when type == typeof(bool) => random.Next(2) == 0,
            _ when type == typeof(byte) => (byte)Edge(pick, byte.MinValue, byte.MaxValue),
            _ when type == typeof(sbyte) => (sbyte)Edge(pick, sbyte.MinValue, sbyte.MaxValue),
            _ when type == typeof(short) => (short)Edge(pick, short.MinValue, short.MaxValue),
            _ when type == typeof(ushort) => (ushort)Edge(pick, ushort.MinValue, ushort.MaxValue),
            _ when type == typeof(int) => (int)Edge(pick, int.MinValue, int.MaxValue),
            _ when type == typeof(uint) => (uint)Edge(pick, uint.MinValue, uint.MaxValue),
            _ when type == typeof(long) => (long)Edge(pick, long.MinValue, long.MaxValue),
            _ when type == typeof(ulong) => pick == 0 ? ulong.MaxValue : (ulong)random.NextInt64(0, long.MaxValue),
            _ when type == typeof(float) => pick switch { 0 => float.MaxValue, 1 => float.Epsilon, 2 => -0.5f, _ => (float)(random.NextDouble() * 1e6 - 5e5) },
            _ when type == typeof(double) => pick switch { 0 => double.MaxValue, 1 => double.Epsilon, 2 => -0.1, 3 => 1e-300, _ => random.NextDouble() * 1e12 - 5e11 },
            _ when type == typeof(decimal) => pick switch { 0 => decimal.MaxValue, 1 => decimal.MinValue, 2 => 0.000001m, 3 => 1.50m, _ => new decimal(random.NextDouble() * 1e9) },
            _ when type == typeof(Half) => (Half)(random.NextDouble() * 100),
            _ when type == typeof(char) => s_texts[random.Next(1, s_texts.Length)][0],
            _ when type == typeof(string) => Text(),
            _ when type == typeof(Guid) => new Guid(Bytes(16)),
            _ when type == typeof(DateTime) => new DateTime(random.NextInt64(DateTime.MinValue.Ticks, DateTime.MaxValue.Ticks), random.Next(2) == 0 ? DateTimeKind.Utc : DateTimeKind.Unspecified),
            _ when type == typeof(DateTimeOffset) => new DateTimeOffset(random.NextInt64(DateTime.MinValue.AddDays(1).Ticks, DateTime.MaxValue.AddDays(-1).Ticks), TimeSpan.FromMinutes(random.Next(-14 * 60, 14 * 60 + 1))),
            _ when type == typeof(DateOnly) => DateOnly.FromDayNumber(random.Next(DateOnly.MinValue.DayNumber, DateOnly.MaxValue.DayNumber)),
            _ when type == typeof(TimeOnly) => new TimeOnly(random.NextInt64(0, TimeOnly.MaxValue.Ticks)),
            _ when type == typeof(TimeSpan) => new TimeSpan(random.NextInt64(TimeSpan.MinValue.Ticks / 2, TimeSpan.MaxValue.Ticks / 2)),
            _ when type == typeof(Uri) => new Uri("https://example.org/" + random.Next(1000) + "?q=a%20b"),
            _ when type == typeof(Version) => new Version(random.Next(10), random.Next(10), random.Next(10)),
            _ when type == typeof(byte[]) => Bytes(random.Next(8)),
            _ when type == typeof(Memory<byte>) => new Memory<byte>(Bytes(random.Next(8))),
            _ when type == typeof(ReadOnlyMemory<byte>) => new ReadOnlyMemory<byte>(Bytes(random.Next(8))),
            _ => null,
        };
    }

    private long Edge(int pick, long min, long max) => pick switch
    {
        0 => min,
        1 => max,
        2 => 0,
        3 => min < 0 ? -1 : 1,
        _ => random.NextInt64(min, max),
    };

    private string Text()
    {
        var text = new StringBuilder();
        int parts = random.Next(3);
        for (int i = 0; i <= parts; i++)
        {
            text.Append(s_texts[random.Next(s_texts.Length)]);
        }

        return text.ToString();
    }

    private byte[] Bytes(int count)
    {
        var bytes = new byte[count];
        random.NextBytes(bytes);
        return bytes;
    }

    private string Document() => random.Next(3) switch
    {
        0 => """{"a":1,"b":[true,null,"x"],"c":{"d":-1.5e3}}""",
        1 => """{}""",
        _ => """{"name":"é","list":[1,2,3]}""",
    };

    private List<object?> Items(Type element, int depth)
    {
        int count = depth >= MaxDepth ? 0 : random.Next(4);
        var items = new List<object?>(count);
        for (int i = 0; i < count; i++)
        {
            items.Add(Next(element, depth + 1));
        }

        return items;
    }

    // A list or dictionary as the declared collection type: itself when it is one, else what System.Text.Json creates
    // from its JSON (an immutable, concurrent or other collection), else (a collection System.Text.Json cannot create, or
    // one with a converter of its own, which reads another shape) built through its widest constructor as an object is.
    private object? Convert(object collection, Type type, int depth)
    {
        if (type.IsInstanceOfType(collection))
        {
            return collection;
        }

        try
        {
            return JsonSerializer.Deserialize(JsonSerializer.Serialize(collection, collection.GetType()), type);
        }
        catch (Exception ex) when (ex is JsonException or NotSupportedException)
        {
            return Object(type, depth);
        }
    }

    private object? Object(Type type, int depth)
    {
        if (type.IsAbstract || type.IsInterface)
        {
            var derived = type.GetCustomAttributes<JsonDerivedTypeAttribute>().Select(attribute => attribute.DerivedType).ToArray();
            return derived.Length == 0 ? null : Next(derived[random.Next(derived.Length)], depth);
        }

        if (depth >= MaxDepth && !type.IsValueType)
        {
            return null;
        }

        var constructor = type.GetConstructors().OrderByDescending(candidate => candidate.GetParameters().Length).FirstOrDefault();
        object? instance = constructor is null
            ? (type.IsValueType ? Activator.CreateInstance(type) : null)
            : constructor.Invoke([.. constructor.GetParameters().Select(parameter => Next(parameter.ParameterType, depth + 1) ?? Empty(parameter.ParameterType))]);
        if (instance is null)
        {
            return null;
        }

        foreach (var property in type.GetProperties(BindingFlags.Public | BindingFlags.Instance))
        {
            if (property.SetMethod is { IsPublic: true } && property.GetIndexParameters().Length == 0 && random.Next(4) != 0)
            {
                property.SetValue(instance, Next(property.PropertyType, depth + 1));
            }
        }

        foreach (var field in type.GetFields(BindingFlags.Public | BindingFlags.Instance))
        {
            if (!field.IsInitOnly)
            {
                field.SetValue(instance, Next(field.FieldType, depth + 1));
            }
        }

        return instance;
    }

    // What a constructor gets where the generator chose null: constructors seldom accept null for text or a sequence.
    private static object? Empty(Type type)
        => type == typeof(string) ? string.Empty
            : type.IsArray ? Array.CreateInstance(type.GetElementType()!, 0)
            : DictionaryTypes(type) is var (key, value) && type.IsAssignableFrom(typeof(Dictionary<,>).MakeGenericType(key, value)) ? Activator.CreateInstance(typeof(Dictionary<,>).MakeGenericType(key, value))
            : ElementType(type) is { } element && type.IsAssignableFrom(typeof(List<>).MakeGenericType(element)) ? Activator.CreateInstance(typeof(List<>).MakeGenericType(element))
            : null;

    private static (Type Key, Type Value)? DictionaryTypes(Type type)
    {
        foreach (var candidate in type.IsInterface ? [type, .. type.GetInterfaces()] : type.GetInterfaces())
        {
            if (candidate.IsGenericType && (candidate.GetGenericTypeDefinition() == typeof(IDictionary<,>) || candidate.GetGenericTypeDefinition() == typeof(IReadOnlyDictionary<,>)))
            {
                var arguments = candidate.GetGenericArguments();
                return (arguments[0], arguments[1]);
            }
        }

        return null;
    }

    private static Type? ElementType(Type type)
    {
        foreach (var candidate in type.IsInterface ? [type, .. type.GetInterfaces()] : type.GetInterfaces())
        {
            if (candidate.IsGenericType && candidate.GetGenericTypeDefinition() == typeof(IEnumerable<>))
            {
                return candidate.GetGenericArguments()[0];
            }
        }

        return null;
    }
}

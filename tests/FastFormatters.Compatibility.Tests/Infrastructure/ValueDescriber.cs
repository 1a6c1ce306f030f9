using System.Collections;
using System.Globalization;
using System.Reflection;
using System.Text;

namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary>
/// A canonical text of an object graph, made the same way on the server (of what it read) and in the test (of what
/// MessagePack-CSharp reads), so the server's reading is checked without trusting its writer. Leaves carry their CLR type
/// (a boxed <c>Int32</c> is not a boxed <c>Int64</c>), DateTimes their Kind, decimals their scale, objects their runtime
/// type (so union cases show).
/// </summary>
public static class ValueDescriber
{
    private const int MaxDepth = 32;

    public static string Describe(object? value)
    {
        var text = new StringBuilder();
        Append(text, value, 0);
        return text.ToString();
    }

    private static void Append(StringBuilder text, object? value, int depth)
    {
        if (depth > MaxDepth)
        {
            throw new InvalidOperationException("The graph is deeper than " + MaxDepth + ".");
        }

        switch (value)
        {
            case null:
                text.Append("null");
                return;
            case string s:
                text.Append('"').Append(s).Append('"');
                return;
            case byte[] bytes:
                text.Append("bin:").Append(Convert.ToHexString(bytes));
                return;
            case System.Collections.Immutable.ImmutableArray<int> { IsDefault: true }:
                text.Append("default");
                return;
            case Memory<byte> memory:
                text.Append("bin:").Append(Convert.ToHexString(memory.Span));
                return;
            case ReadOnlyMemory<byte> memory:
                text.Append("bin:").Append(Convert.ToHexString(memory.Span));
                return;
            case var memory when memory.GetType().IsGenericType && memory.GetType().GetGenericTypeDefinition() is var definition && (definition == typeof(Memory<>) || definition == typeof(ReadOnlyMemory<>)):
                // A memory of other elements: its elements (its Span property cannot be read by reflection).
                Append(text, memory.GetType().GetMethod(nameof(Memory<int>.ToArray))!.Invoke(memory, null), depth);
                return;
            case Enum e:
                text.Append(e.GetType().Name).Append('.').Append(e.ToString()).Append('=').Append(Convert.ToString(Convert.ChangeType(e, Enum.GetUnderlyingType(e.GetType()), CultureInfo.InvariantCulture), CultureInfo.InvariantCulture));
                return;
            case char c:
                text.Append("Char:U+").Append(((int)c).ToString("X4", CultureInfo.InvariantCulture));
                return;
            case bool b:
                text.Append(b ? "true" : "false");
                return;
            case DateTime dateTime:
                text.Append("DateTime:").Append(dateTime.ToString("O", CultureInfo.InvariantCulture)).Append('/').Append(dateTime.Kind);
                return;
            case DateTimeOffset dateTimeOffset:
                text.Append("DateTimeOffset:").Append(dateTimeOffset.ToString("O", CultureInfo.InvariantCulture));
                return;
            case DateOnly dateOnly:
                text.Append("DateOnly:").Append(dateOnly.ToString("O", CultureInfo.InvariantCulture));
                return;
            case TimeOnly timeOnly:
                text.Append("TimeOnly:").Append(timeOnly.ToString("O", CultureInfo.InvariantCulture));
                return;
            case TimeSpan timeSpan:
                text.Append("TimeSpan:").Append(timeSpan.ToString("c", CultureInfo.InvariantCulture));
                return;
            case double d:
                text.Append("Double:").Append(d.ToString("R", CultureInfo.InvariantCulture));
                return;
            case float f:
                text.Append("Single:").Append(f.ToString("R", CultureInfo.InvariantCulture));
                return;
            case Guid or decimal or byte or sbyte or short or ushort or int or uint or long or ulong:
                text.Append(value.GetType().Name).Append(':').Append(Convert.ToString(value, CultureInfo.InvariantCulture));
                return;
            case IDictionary dictionary:
                AppendDictionary(text, dictionary, depth);
                return;
            case IEnumerable items:
                text.Append('[');
                bool first = true;
                foreach (object? item in items)
                {
                    text.Append(first ? "" : ", ");
                    first = false;
                    Append(text, item, depth + 1);
                }

                text.Append(']');
                return;
            default:
                AppendMembers(text, value, depth);
                return;
        }
    }

    private static void AppendDictionary(StringBuilder text, IDictionary dictionary, int depth)
    {
        text.Append('{');
        bool first = true;
        foreach (DictionaryEntry entry in dictionary)
        {
            text.Append(first ? "" : ", ");
            first = false;
            Append(text, entry.Key, depth + 1);
            text.Append(": ");
            Append(text, entry.Value, depth + 1);
        }

        text.Append('}');
    }

    // Public instance properties and fields by name; the order only has to be the same on both sides.
    private static void AppendMembers(StringBuilder text, object value, int depth)
    {
        var type = value.GetType();
        text.Append(type.Name).Append(" {");
        var members = type.GetProperties(BindingFlags.Public | BindingFlags.Instance)
            .Where(property => property.CanRead && property.GetIndexParameters().Length == 0)
            .Select(property => (property.Name, Value: property.GetValue(value)))
            .Concat(type.GetFields(BindingFlags.Public | BindingFlags.Instance).Select(field => (field.Name, Value: field.GetValue(value))))
            .OrderBy(member => member.Name, StringComparer.Ordinal);
        bool first = true;
        foreach (var (name, memberValue) in members)
        {
            text.Append(first ? " " : ", ");
            first = false;
            text.Append(name).Append(" = ");
            Append(text, memberValue, depth + 1);
        }

        text.Append(" }");
    }
}

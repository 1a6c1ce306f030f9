using System.Text.Json.Nodes;
using System.Runtime.InteropServices;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

internal sealed class ArrayConverter<T> : ValueConverter<T[]?>
{
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "array", ["items"] = _element.DescribeSchema(schema) };

    private readonly ValueConverter<T> _element;

    public ArrayConverter(ValueConverter<T> element) => _element = element;

    public override string? ReadUnsupportedReason => _element.ReadUnsupportedReason;

    public override void WriteJson(ref JsonWriter writer, T[]? value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        JsonArrays.Write<T>(ref writer, value, _element);
    }

    public override T[]? ReadJson(ref JsonReader reader)
        => reader.TryReadNull() ? null : JsonArrays.ReadList(ref reader, _element).ToArray();

    public override void WriteMessagePack(ref MessagePackWriter writer, T[]? value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        MessagePackArrays.Write<T>(ref writer, value, _element);
    }

    public override T[]? ReadMessagePack(ref MessagePackReader reader)
        => reader.TryReadNil() ? null : MessagePackArrays.ReadList(ref reader, _element).ToArray();
}

internal sealed class ListConverter<T> : ValueConverter<List<T>?>
{
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "array", ["items"] = _element.DescribeSchema(schema) };

    private readonly ValueConverter<T> _element;

    public ListConverter(ValueConverter<T> element) => _element = element;

    public override string? ReadUnsupportedReason => _element.ReadUnsupportedReason;

    public override void WriteJson(ref JsonWriter writer, List<T>? value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        JsonArrays.Write<T>(ref writer, CollectionsMarshal.AsSpan(value), _element);
    }

    public override List<T>? ReadJson(ref JsonReader reader)
        => reader.TryReadNull() ? null : JsonArrays.ReadList(ref reader, _element);

    public override void WriteMessagePack(ref MessagePackWriter writer, List<T>? value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        MessagePackArrays.Write<T>(ref writer, CollectionsMarshal.AsSpan(value), _element);
    }

    public override List<T>? ReadMessagePack(ref MessagePackReader reader)
        => reader.TryReadNil() ? null : MessagePackArrays.ReadList(ref reader, _element);
}

/// <summary>
/// Any other sequence: written by enumerating it; read into a <see cref="List{T}"/> when the declared type allows
/// (IEnumerable, IList, IReadOnlyList, ...), a <see cref="HashSet{T}"/> for sets, or a new instance filled through
/// <see cref="ICollection{T}.Add"/>.
/// </summary>
internal sealed class EnumerableConverter<TCollection, T> : ValueConverter<TCollection?>
    where TCollection : IEnumerable<T>
{
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "array", ["items"] = _element.DescribeSchema(schema) };

    private readonly ValueConverter<T> _element;
    private readonly Func<List<T>, TCollection>? _fromList;
    private readonly string? _readUnsupportedReason;

    public EnumerableConverter(ValueConverter<T> element)
    {
        _element = element;
        var type = typeof(TCollection);
        if (type.IsAssignableFrom(typeof(List<T>)))
        {
            _fromList = static list => (TCollection)(object)list;
        }
        else if (type.IsAssignableFrom(typeof(HashSet<T>)))
        {
            _fromList = static list => (TCollection)(object)new HashSet<T>(list);
        }
        else if (!type.IsAbstract && typeof(ICollection<T>).IsAssignableFrom(type) && type.GetConstructor(Type.EmptyTypes) is not null)
        {
            _fromList = static list =>
            {
                var collection = Activator.CreateInstance<TCollection>();
                var target = (ICollection<T>)collection;
                foreach (var item in list)
                {
                    target.Add(item);
                }

                return collection;
            };
        }
        else
        {
            _readUnsupportedReason = $"The collection type {type} cannot be created when reading; declare the member as IEnumerable<T>, IList<T>, List<T> or T[].";
        }
    }

    public override string? ReadUnsupportedReason => _readUnsupportedReason ?? _element.ReadUnsupportedReason;

    public override void WriteJson(ref JsonWriter writer, TCollection? value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        JsonArrays.Write(ref writer, value, CountOf(value), _element);
    }

    public override TCollection? ReadJson(ref JsonReader reader)
        => reader.TryReadNull() ? default : FromList(JsonArrays.ReadList(ref reader, _element));

    public override void WriteMessagePack(ref MessagePackWriter writer, TCollection? value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        MessagePackArrays.Write(ref writer, value, CountOf(value), _element);
    }

    public override TCollection? ReadMessagePack(ref MessagePackReader reader)
        => reader.TryReadNil() ? default : FromList(MessagePackArrays.ReadList(ref reader, _element));

    private static int CountOf(TCollection value) => value switch
    {
        ICollection<T> collection => collection.Count,
        IReadOnlyCollection<T> collection => collection.Count,
        _ => -1,
    };

    private TCollection FromList(List<T> list)
        => _fromList is null ? throw new NotSupportedException(_readUnsupportedReason) : _fromList(list);
}

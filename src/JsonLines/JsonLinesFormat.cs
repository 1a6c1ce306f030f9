using System.Buffers;
using System.Collections.Concurrent;
using FastFormatters.Json;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.JsonLines;

/// <summary>
/// JSON Lines (<c>application/jsonl</c>): one compact JSON value per line, each followed by <c>\n</c>, written and read
/// by the JSON format of the host's serializer (<see cref="FastFormattersSerializer.Json"/>), so the app's JSON options
/// (names, converters) apply to every line. A top-level sequence (a list, an array, an <see cref="IEnumerable{T}"/>, an
/// <see cref="IAsyncEnumerable{T}"/>) is one line per element, with no enclosing array, sent as its elements come; any
/// other value is one line. A request body is read as a <see cref="List{T}"/> (or an interface it implements), a
/// <c>T[]</c> or an <see cref="IAsyncEnumerable{T}"/>, one element per line, or as any other type from a body of one line.
/// Not described in OpenAPI documents (<see cref="WireFormat.CreateJsonSchemaSet"/> is null): their versions have no
/// schema for one line of a body.
/// </summary>
public sealed class JsonLinesFormat : WireFormat
{
    /// <summary>The short name: <c>?format=jsonl</c>, and the <see cref="FormatReadException.Format"/> of its errors.</summary>
    public const string Name = JsonLinesWire.Name;

    /// <summary>The canonical media type; <c>application/x-ndjson</c> and <c>application/jsonlines</c> name the format too.</summary>
    public const string MediaType = JsonLinesWire.MediaType;

    private readonly JsonWireFormat _json;
    private readonly ConcurrentDictionary<Type, BodyShape> _shapes = new();

    /// <summary>JSON Lines over <paramref name="serializer"/>'s JSON format.</summary>
    public JsonLinesFormat(FastFormattersSerializer serializer)
        : base(JsonLinesWire.Definition)
    {
        ArgumentNullException.ThrowIfNull(serializer);
        _json = serializer.Json;
    }

    /// <inheritdoc />
    public override bool IsUtf8Text => true;

    /// <inheritdoc />
    /// <remarks>The JSON format's limit: <c>Json.MaxRequestBodySize</c> of the serializer's options.</remarks>
    public override long? MaxRequestBodySize => _json.MaxRequestBodySize;

    /// <inheritdoc />
    public override Type GetWriteType(Type? declaredType, object? value) => _json.GetWriteType(declaredType, value);

    /// <inheritdoc />
    public override bool CanSerialize(Type type) => _json.CanSerialize(type);

    /// <inheritdoc />
    public override bool CanDeserialize(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        var shape = Shape(type);
        return shape.Unreadable is null && _json.CanDeserialize(shape.LineType);
    }

    /// <inheritdoc />
    public override string? GetUnsupportedReason(Type type, bool deserializing)
    {
        ArgumentNullException.ThrowIfNull(type);
        if (!deserializing)
        {
            return _json.GetUnsupportedReason(type, deserializing: false);
        }

        var shape = Shape(type);
        return shape.Unreadable ?? _json.GetUnsupportedReason(shape.LineType, deserializing: true);
    }

    /// <inheritdoc />
    public override void Serialize<T>(IBufferWriter<byte> output, T value) => Serialize(output, value, typeof(T));

    /// <inheritdoc />
    /// <remarks>A sequence is one line per element, written here at once; any other value is one line.</remarks>
    public override void Serialize(IBufferWriter<byte> output, object? value, Type type)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(type);
        if (value is not null && Shape(type).Lines is { } lines)
        {
            lines.WriteAll(output, value);
            return;
        }

        _json.Serialize(new SingleLineBufferWriter().WritingTo(output), value, type);
        WriteLineFeed(output);
    }

    /// <inheritdoc />
    public override T Deserialize<T>(ReadOnlySpan<byte> data) => (T)Deserialize(data, typeof(T))!;

    /// <inheritdoc />
    /// <exception cref="NotSupportedException"><paramref name="type"/> is a collection JSON Lines does not read.</exception>
    public override object? Deserialize(ReadOnlySpan<byte> data, Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        var shape = Shape(type);
        if (shape.Unreadable is { } reason)
        {
            throw new NotSupportedException(reason);
        }

        return shape.Lines is { } lines ? lines.ReadAll(data, type) : ReadOneLine(data, type);
    }

    /// <inheritdoc />
    /// <remarks>The JSON format's sequences: their elements are the lines.</remarks>
    public override TResult? VisitSequenceElementType<TResult>(Type type, ITypeVisitor<TResult> visitor)
        where TResult : class
        => _json.VisitSequenceElementType(type, visitor);

    /// <inheritdoc />
    protected override SequenceWriter<T> CreateSequenceWriterCore<T>(int count) => new LineWriter<T>(_json, count);

    private object? ReadOneLine(ReadOnlySpan<byte> data, Type type)
    {
        var lines = new JsonLineReader(_json);
        if (!lines.TryTakeLine(ref data, out var line))
        {
            // An empty body is the host's to answer; read directly, it is no value, as in JSON.
            return _json.Deserialize(data, type);
        }

        object? value = lines.Read(line, type);
        if (lines.TryTakeLine(ref data, out _))
        {
            throw lines.Error($"a body read as {type.Name} is one line; this one has more.");
        }

        return value;
    }

    private BodyShape Shape(Type type)
        => _shapes.GetOrAdd(type, static (type, json) => json.VisitSequenceElementType(type, new ShapeVisitor(type, json)) ?? new BodyShape(type, null, null), _json);

    private static void WriteLineFeed(IBufferWriter<byte> output)
    {
        output.GetSpan(1)[0] = JsonLinesWire.LineFeed;
        output.Advance(1);
    }

    // What a type is to JSON Lines: a sequence whose elements (LineType) are the lines, or a value of one line (Lines
    // null); Unreadable says why a sequence cannot be read from lines.
    private sealed record BodyShape(Type LineType, Lines? Lines, string? Unreadable);

    private abstract class Lines
    {
        public abstract void WriteAll(IBufferWriter<byte> output, object sequence);

        public abstract object ReadAll(ReadOnlySpan<byte> data, Type type);
    }

    private sealed class Lines<T>(JsonWireFormat json) : Lines
    {
        public override void WriteAll(IBufferWriter<byte> output, object sequence)
        {
            if (sequence is not IEnumerable<T> items)
            {
                throw new NotSupportedException($"JSON Lines writes {sequence.GetType()} element by element as it comes (WireFormat.CreateSequenceWriter), not as one value.");
            }

            var line = new SingleLineBufferWriter().WritingTo(output);
            foreach (var item in items)
            {
                json.Serialize(line, item);
                WriteLineFeed(output);
            }
        }

        public override object ReadAll(ReadOnlySpan<byte> data, Type type)
        {
            var lines = new JsonLineReader(json);
            var items = new List<T>();
            while (lines.TryTakeLine(ref data, out var line))
            {
                items.Add(lines.Read<T>(line));
            }

            return type == typeof(T[]) ? items.ToArray()
                : type == typeof(IAsyncEnumerable<T>) ? items.ToAsyncEnumerable()
                : items;
        }
    }

    private sealed class ShapeVisitor(Type type, JsonWireFormat json) : ITypeVisitor<BodyShape>
    {
        public BodyShape Visit<T>()
            => new(typeof(T), new Lines<T>(json), type == typeof(T[]) || type == typeof(IAsyncEnumerable<T>) || type.IsAssignableFrom(typeof(List<T>))
                ? null
                : $"JSON Lines reads a body of {typeof(T).Name} elements as List<T>, T[], IEnumerable<T>, IReadOnlyList<T>, IList<T> or IAsyncEnumerable<T>; {type} is none of them.");
    }

    // Each element, then its line feed: no header, no separator, no end, whatever the count.
    private sealed class LineWriter<T>(JsonWireFormat json, int count) : SequenceWriter<T>(count)
    {
        private readonly SingleLineBufferWriter _line = new();

        protected override void WriteElement(IBufferWriter<byte> output, T value, int index)
        {
            json.Serialize(_line.WritingTo(output), value);
            WriteLineFeed(output);
        }
    }
}

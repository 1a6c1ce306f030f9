using System.Diagnostics.CodeAnalysis;
using System.Runtime.InteropServices;
using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Shapes;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Json.Converters;

internal sealed class JsonNullableConverter<T> : JsonValueConverter<T?>
    where T : struct
{
    private readonly JsonValueConverter<T> _inner;

    public JsonNullableConverter(ValueConverter<T> inner) => _inner = (JsonValueConverter<T>)inner;

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.OrNull(_inner.DescribeSchema(schema));

    public override void Write(ref FastJsonWriter writer, T? value)
    {
        if (value.HasValue)
        {
            _inner.Write(ref writer, value.GetValueOrDefault());
        }
        else
        {
            writer.WriteNull();
        }
    }

    public override T? Read(ref FastJsonReader reader) => reader.TryReadNull() ? null : _inner.Read(ref reader);
}

internal sealed class JsonArrayConverter<T> : JsonValueConverter<T[]?>
{
    private readonly JsonValueConverter<T> _element;

    public JsonArrayConverter(ValueConverter<T> element) => _element = (JsonValueConverter<T>)element;

    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "array", ["items"] = _element.DescribeSchema(schema) };

    internal override string? ReadUnsupportedReason => _element.ReadUnsupportedReason;

    internal override TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => visitor.Visit<T>();

    public override void Write(ref FastJsonWriter writer, T[]? value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        JsonArrays.Write<T>(ref writer, value, _element);
    }

    public override T[]? Read(ref FastJsonReader reader)
        => reader.TryReadNull() ? null : JsonArrays.ReadArray(ref reader, _element);
}

internal sealed class JsonListConverter<T> : JsonValueConverter<List<T>?>
{
    private readonly JsonValueConverter<T> _element;

    public JsonListConverter(ValueConverter<T> element) => _element = (JsonValueConverter<T>)element;

    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "array", ["items"] = _element.DescribeSchema(schema) };

    internal override string? ReadUnsupportedReason => _element.ReadUnsupportedReason;

    internal override TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => visitor.Visit<T>();

    public override void Write(ref FastJsonWriter writer, List<T>? value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        JsonArrays.Write<T>(ref writer, CollectionsMarshal.AsSpan(value), _element);
    }

    public override List<T>? Read(ref FastJsonReader reader)
        => reader.TryReadNull() ? null : JsonArrays.ReadList(ref reader, _element);
}

/// <summary>Any other sequence: written by enumerating it; read as <see cref="CollectionFactory{TCollection, T}"/> says.</summary>
internal sealed class JsonEnumerableConverter<TCollection, T> : JsonValueConverter<TCollection?>
    where TCollection : IEnumerable<T>
{
    private readonly JsonValueConverter<T> _element;
    private readonly CollectionFactory<TCollection, T> _factory;

    public JsonEnumerableConverter(ValueConverter<T> element, Func<TCollection>? create)
    {
        _element = (JsonValueConverter<T>)element;
        _factory = new(create, stacksKeepTheirOrder: false);
    }

    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => CollectionFactory<TCollection, T>.Describe(new() { ["type"] = "array", ["items"] = _element.DescribeSchema(schema) });

    internal override string? ReadUnsupportedReason => _factory.ReadUnsupportedReason ?? _element.ReadUnsupportedReason;

    internal override TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => visitor.Visit<T>();

    public override void Write(ref FastJsonWriter writer, TCollection? value)
    {
        if (CollectionFactory<TCollection, T>.IsNull(value))
        {
            writer.WriteNull();
            return;
        }

        JsonArrays.Write(ref writer, value, CollectionFactory<TCollection, T>.CountOf(value), _element);
    }

    // A collection that is a struct (an ImmutableArray) cannot be null, as System.Text.Json says too.
    public override TCollection? Read(ref FastJsonReader reader)
        => !reader.TryReadNull() ? _factory.FromList(JsonArrays.ReadList(ref reader, _element))
            : typeof(TCollection).IsValueType ? throw reader.Error($"Expected an array: {typeof(TCollection)} cannot be null.")
            : default;
}

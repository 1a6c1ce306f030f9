using System.Diagnostics.CodeAnalysis;
using System.Runtime.InteropServices;
using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Shapes;
using FastFormatters.Serialization.Values;

namespace FastFormatters.MessagePack.Converters;

internal sealed class MessagePackNullableConverter<T> : MessagePackValueConverter<T?>
    where T : struct
{
    private readonly MessagePackValueConverter<T> _inner;

    public MessagePackNullableConverter(ValueConverter<T> inner) => _inner = (MessagePackValueConverter<T>)inner;

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.OrNull(_inner.DescribeSchema(schema));

    public override void Write(ref FastMessagePackWriter writer, T? value)
    {
        if (value.HasValue)
        {
            _inner.Write(ref writer, value.GetValueOrDefault());
        }
        else
        {
            writer.WriteNil();
        }
    }

    public override T? Read(ref FastMessagePackReader reader) => reader.TryReadNil() ? null : _inner.Read(ref reader);
}

internal sealed class MessagePackArrayConverter<T> : MessagePackValueConverter<T[]?>
{
    private readonly MessagePackValueConverter<T> _element;

    public MessagePackArrayConverter(ValueConverter<T> element) => _element = (MessagePackValueConverter<T>)element;

    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "array", ["items"] = _element.DescribeSchema(schema) };

    internal override string? ReadUnsupportedReason => _element.ReadUnsupportedReason;

    internal override TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => visitor.Visit<T>();

    public override void Write(ref FastMessagePackWriter writer, T[]? value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        MessagePackArrays.Write<T>(ref writer, value, _element);
    }

    public override T[]? Read(ref FastMessagePackReader reader)
        => reader.TryReadNil() ? null : MessagePackArrays.ReadArray(ref reader, _element);
}

internal sealed class MessagePackListConverter<T> : MessagePackValueConverter<List<T>?>
{
    private readonly MessagePackValueConverter<T> _element;

    public MessagePackListConverter(ValueConverter<T> element) => _element = (MessagePackValueConverter<T>)element;

    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "array", ["items"] = _element.DescribeSchema(schema) };

    internal override string? ReadUnsupportedReason => _element.ReadUnsupportedReason;

    internal override TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => visitor.Visit<T>();

    public override void Write(ref FastMessagePackWriter writer, List<T>? value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        MessagePackArrays.Write<T>(ref writer, CollectionsMarshal.AsSpan(value), _element);
    }

    public override List<T>? Read(ref FastMessagePackReader reader)
        => reader.TryReadNil() ? null : MessagePackArrays.ReadList(ref reader, _element);
}

/// <summary>Any other sequence: written by enumerating it; read as <see cref="CollectionFactory{TCollection, T}"/> says.</summary>
internal sealed class MessagePackEnumerableConverter<TCollection, T> : MessagePackValueConverter<TCollection?>
    where TCollection : IEnumerable<T>
{
    private readonly MessagePackValueConverter<T> _element;
    private readonly CollectionFactory<TCollection, T> _factory;

    public MessagePackEnumerableConverter(ValueConverter<T> element, Func<TCollection>? create)
    {
        _element = (MessagePackValueConverter<T>)element;
        _factory = new(create, stacksKeepTheirOrder: true);
    }

    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => CollectionFactory<TCollection, T>.Describe(new() { ["type"] = "array", ["items"] = _element.DescribeSchema(schema) });

    internal override string? ReadUnsupportedReason => _factory.ReadUnsupportedReason ?? _element.ReadUnsupportedReason;

    internal override TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => visitor.Visit<T>();

    public override void Write(ref FastMessagePackWriter writer, TCollection? value)
    {
        if (CollectionFactory<TCollection, T>.IsNull(value))
        {
            writer.WriteNil();
            return;
        }

        MessagePackArrays.Write(ref writer, value, CollectionFactory<TCollection, T>.CountOf(value), _element);
    }

    public override TCollection? Read(ref FastMessagePackReader reader)
        => reader.TryReadNil() ? default : _factory.FromList(MessagePackArrays.ReadList(ref reader, _element));
}

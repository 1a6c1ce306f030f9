using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.MessagePack.Converters;

/// <summary>The MessagePack converter of <typeparamref name="T"/> while it is being created, forwarding to it once it is (<see cref="IDeferredConverter"/>).</summary>
internal sealed class MessagePackDeferredConverter<T> : MessagePackValueConverter<T>, IDeferredConverter
{
    private MessagePackValueConverter<T>? _converter;

    internal override string? ReadUnsupportedReason => _converter?.ReadUnsupportedReason;

    internal override bool IsPolymorphic => _converter?.IsPolymorphic ?? false;

    public void Complete(ValueConverter converter) => _converter = (MessagePackValueConverter<T>)converter;

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => _converter!.DescribeSchema(schema);

    internal override TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => _converter!.VisitStreamedElement(visitor);

    public override void Write(ref FastMessagePackWriter writer, T value) => _converter!.Write(ref writer, value);

    public override T Read(ref FastMessagePackReader reader) => _converter!.Read(ref reader);
}

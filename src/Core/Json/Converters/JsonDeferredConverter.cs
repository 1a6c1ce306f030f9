using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Json.Converters;

/// <summary>The Json converter of <typeparamref name="T"/> while it is being created, forwarding to it once it is (<see cref="IDeferredConverter"/>).</summary>
internal sealed class JsonDeferredConverter<T> : JsonValueConverter<T>, IDeferredConverter
{
    private JsonValueConverter<T>? _converter;

    internal override string? ReadUnsupportedReason => _converter?.ReadUnsupportedReason;

    internal override bool IsPolymorphic => _converter?.IsPolymorphic ?? false;

    public void Complete(ValueConverter converter) => _converter = (JsonValueConverter<T>)converter;

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => _converter!.DescribeSchema(schema);

    internal override TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => _converter!.VisitStreamedElement(visitor);

    public override void Write(ref FastJsonWriter writer, T value) => _converter!.Write(ref writer, value);

    public override T Read(ref FastJsonReader reader) => _converter!.Read(ref reader);
}

using System.Text.Json.Nodes;
using FastFormatters.Serialization;

namespace FastFormatters.Json.Converters;

/// <summary>
/// An app's converter, as the resolver hands it out: what it writes must be exactly one whole value, and what it reads
/// exactly the value at the reader. Anything else is the converter's error, named, instead of invalid output or a
/// reader left inside a value.
/// </summary>
internal sealed class AppJsonConverter<T>(JsonValueConverter<T> converter) : JsonValueConverter<T>
{
    internal override string? ReadUnsupportedReason => converter.ReadUnsupportedReason;

    internal override bool IsPolymorphic => converter.IsPolymorphic;

    public override JsonObject? CreateJsonSchema() => converter.CreateJsonSchema();

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => converter.DescribeSchema(schema);

    public override void Write(ref FastJsonWriter writer, T value) => writer.WriteExactlyOne(converter, value);

    public override T Read(ref FastJsonReader reader)
    {
        // Checked after the converter's own read, so bad input gets the converter's error first.
        var probe = reader;
        var value = converter.Read(ref reader);
        probe.SkipValue();
        if (reader.Position != probe.Position)
        {
            throw new InvalidOperationException($"{converter.GetType()} did not read exactly the JSON value at its reader for a {typeof(T)}: it stopped at byte {reader.Position}, the value ends at {probe.Position}.");
        }

        return value;
    }
}

using System.Text.Json.Nodes;
using FastFormatters.Serialization;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// An app's converter, as the resolver hands it out. What it writes is checked as it writes: exactly one whole value
/// (every container header's count of values), within the depth left; what it reads must be exactly the value at the
/// reader. Anything else is the converter's error, named, instead of invalid output.
/// </summary>
internal sealed class AppMessagePackConverter<T>(MessagePackValueConverter<T> converter) : MessagePackValueConverter<T>
{
    internal override string? ReadUnsupportedReason => converter.ReadUnsupportedReason;

    internal override bool IsPolymorphic => converter.IsPolymorphic;

    public override JsonObject? CreateJsonSchema() => converter.CreateJsonSchema();

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => converter.DescribeSchema(schema);

    public override void Write(ref FastMessagePackWriter writer, T value) => writer.WriteExactlyOne(converter, value);

    public override T Read(ref FastMessagePackReader reader)
    {
        // Checked after the converter's own read, so bad input gets the converter's error first.
        var probe = reader;
        var value = converter.Read(ref reader);
        probe.Skip();
        if (reader.Position != probe.Position)
        {
            throw new InvalidOperationException($"{converter.GetType()} did not read exactly the MessagePack value at its reader for a {typeof(T)}: it stopped at byte {reader.Position}, the value ends at {probe.Position}.");
        }

        reader.Depth = probe.Depth;
        return value;
    }
}

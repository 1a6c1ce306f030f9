using System.Buffers;
using System.Text.Json.Nodes;
using FastFormatters.Serialization;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// An app's converter, as the resolver hands it out. What it writes is checked before it joins the output: exactly one
/// whole value (every container header's count of values), within the depth left; what it reads must be exactly the
/// value at the reader. Anything else is the converter's error, named, instead of invalid output.
/// </summary>
internal sealed class AppMessagePackConverter<T>(MessagePackValueConverter<T> converter) : MessagePackValueConverter<T>
{
    // The app's bytes are gathered here before they are checked; one per thread, since an app's converter writes no other.
    [ThreadStatic]
    private static ArrayBufferWriter<byte>? t_written;

    private const int RetainedCapacity = 64 * 1024;

    internal override string? ReadUnsupportedReason => converter.ReadUnsupportedReason;

    internal override bool IsPolymorphic => converter.IsPolymorphic;

    public override JsonObject? CreateJsonSchema() => converter.CreateJsonSchema();

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => converter.DescribeSchema(schema);

    public override void Write(ref FastMessagePackWriter writer, T value)
    {
        var written = t_written ?? new ArrayBufferWriter<byte>(256);
        t_written = null;
        try
        {
            // The depth is checked by the reader below, against what the outer writer has left.
            var own = new FastMessagePackWriter(written, int.MaxValue);
            converter.Write(ref own, value);
            own.Flush();
            Check(written.WrittenSpan, writer.RemainingDepth);
            writer.WriteRaw(written.WrittenSpan);
        }
        finally
        {
            written.ResetWrittenCount();
            if (written.Capacity <= RetainedCapacity)
            {
                t_written = written;
            }
        }
    }

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

    private void Check(ReadOnlySpan<byte> written, int remainingDepth)
    {
        try
        {
            var check = new FastMessagePackReader(written, remainingDepth);
            check.Skip();
            if (check.Position == written.Length)
            {
                return;
            }
        }
        catch (FormatReadException ex)
        {
            throw new InvalidOperationException($"{converter.GetType()} did not write one whole MessagePack value for a {typeof(T)}: {ex.Message}", ex);
        }

        throw new InvalidOperationException($"{converter.GetType()} wrote more than one MessagePack value for a {typeof(T)}.");
    }
}

using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Values;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// A value MessagePack-CSharp writes as text (a GUID), or in a form of its own that this library writes too, with the
/// text form (<see cref="TextFormat{T}"/>) read from other writers.
/// </summary>
internal class MessagePackFormattedStringConverter<T> : MessagePackValueConverter<T>
{
    private readonly TextFormat<T> _format;
    private readonly JsonObject _schema;

    public MessagePackFormattedStringConverter(TextFormat<T> format, JsonObject schema)
    {
        _format = format;
        _schema = schema;
    }

    internal sealed override JsonObject DescribeSchema(SchemaBuilder schema) => (JsonObject)_schema.DeepClone();

    public override void Write(ref FastMessagePackWriter writer, T value)
    {
        Span<byte> text = stackalloc byte[TextFormat<T>.MaxLength];
        writer.WriteStringUtf8(text[.._format.Format(value, text)]);
    }

    public override T Read(ref FastMessagePackReader reader)
        => _format.TryParse(reader.ReadStringSpan(), out var value) ? value : throw reader.Error(_format.Expected);
}

/// <summary>The timestamp extension (-1), in UTC, as MessagePack-CSharp writes it; shown decoded as date-time text.</summary>
internal sealed class MessagePackDateTimeConverter() : MessagePackFormattedStringConverter<DateTime>(DateTimeText.Instance, SchemaBuilder.Of("string", "date-time"))
{
    public override void Write(ref FastMessagePackWriter writer, DateTime value) => MessagePackTimestamp.Write(ref writer, value);

    public override DateTime Read(ref FastMessagePackReader reader)
        => MessagePackTimestamp.TryRead(ref reader, out var timestamp) ? timestamp : base.Read(ref reader);
}

/// <summary>
/// MessagePack-CSharp's <c>[local date and time as a timestamp, offset in minutes]</c>; a lone timestamp is read as UTC.
/// </summary>
internal sealed class MessagePackDateTimeOffsetConverter() : MessagePackFormattedStringConverter<DateTimeOffset>(
    DateTimeOffsetText.Instance, SchemaBuilder.Tuple(SchemaBuilder.Of("string", "date-time"), SchemaBuilder.Of("integer")))
{
    public override void Write(ref FastMessagePackWriter writer, DateTimeOffset value)
    {
        writer.WriteArrayHeader(2);
        MessagePackTimestamp.Write(ref writer, new DateTime(value.Ticks, DateTimeKind.Utc));
        writer.WriteInt64((long)value.Offset.TotalMinutes);
        writer.WriteEndContainer();
    }

    public override DateTimeOffset Read(ref FastMessagePackReader reader)
    {
        switch (reader.PeekKind())
        {
            case MessagePackValueKind.Array:
                if (reader.ReadArrayHeader() != 2)
                {
                    throw reader.Error("A date with offset is an array of a timestamp and an offset in minutes.");
                }

                if (!MessagePackTimestamp.TryRead(ref reader, out var local))
                {
                    throw reader.Unexpected("a timestamp");
                }

                var minutes = reader.ReadInteger();
                reader.EndContainer();
                if (minutes < -14 * 60 || minutes > 14 * 60)
                {
                    throw reader.Error("The offset is not between -14 and +14 hours.");
                }

                long ticks = local.Ticks - (long)minutes * TimeSpan.TicksPerMinute;
                if (ticks < DateTime.MinValue.Ticks || ticks > DateTime.MaxValue.Ticks)
                {
                    throw reader.Error("The date with its offset is out of range.");
                }

                return new DateTimeOffset(local.Ticks, TimeSpan.FromMinutes((long)minutes));
            case MessagePackValueKind.Extension:
                MessagePackTimestamp.TryRead(ref reader, out var utc);
                return new DateTimeOffset(utc, TimeSpan.Zero);
            default:
                return base.Read(ref reader);
        }
    }
}

/// <summary>A date as its day number (days since 0001-01-01), as MessagePack-CSharp writes it.</summary>
internal sealed class MessagePackDateOnlyConverter() : MessagePackFormattedStringConverter<DateOnly>(DateOnlyText.Instance, SchemaBuilder.Of("integer", "int32"))
{
    private static readonly int s_maxDayNumber = DateOnly.MaxValue.DayNumber;

    public override void Write(ref FastMessagePackWriter writer, DateOnly value) => writer.WriteInt64(value.DayNumber);

    public override DateOnly Read(ref FastMessagePackReader reader)
    {
        if (reader.PeekKind() != MessagePackValueKind.Integer)
        {
            return base.Read(ref reader);
        }

        var dayNumber = reader.ReadInteger();
        return dayNumber >= 0 && dayNumber <= s_maxDayNumber
            ? DateOnly.FromDayNumber((int)dayNumber)
            : throw reader.Error("The day number is out of the range of DateOnly.");
    }
}

/// <summary>A time of day as its ticks since midnight, as MessagePack-CSharp writes it.</summary>
internal sealed class MessagePackTimeOnlyConverter() : MessagePackFormattedStringConverter<TimeOnly>(TimeOnlyText.Instance, SchemaBuilder.Of("integer", "int64"))
{
    public override void Write(ref FastMessagePackWriter writer, TimeOnly value) => writer.WriteInt64(value.Ticks);

    public override TimeOnly Read(ref FastMessagePackReader reader)
    {
        if (reader.PeekKind() != MessagePackValueKind.Integer)
        {
            return base.Read(ref reader);
        }

        var ticks = reader.ReadInteger();
        return ticks >= 0 && ticks <= TimeOnly.MaxValue.Ticks
            ? new TimeOnly((long)ticks)
            : throw reader.Error("The ticks are out of the range of TimeOnly.");
    }
}

/// <summary>A duration as its ticks, as MessagePack-CSharp writes it.</summary>
internal sealed class MessagePackTimeSpanConverter() : MessagePackFormattedStringConverter<TimeSpan>(TimeSpanText.Instance, SchemaBuilder.Of("integer", "int64"))
{
    public override void Write(ref FastMessagePackWriter writer, TimeSpan value) => writer.WriteInt64(value.Ticks);

    public override TimeSpan Read(ref FastMessagePackReader reader)
    {
        if (reader.PeekKind() != MessagePackValueKind.Integer)
        {
            return base.Read(ref reader);
        }

        var ticks = reader.ReadInteger();
        return ticks >= long.MinValue && ticks <= long.MaxValue
            ? new TimeSpan((long)ticks)
            : throw reader.Error("The ticks are out of the range of TimeSpan.");
    }
}

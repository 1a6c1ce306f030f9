using System.Globalization;
using FastFormatters.Json;
using FastFormatters.Json.Converters;
using FastFormatters.MessagePack.Converters;
using FastFormatters.MessagePack;

namespace FastFormatters.IntegrationTests.ErrorParity;

/// <summary>The app's JSON (and JMC1) converter of <see cref="PromoCode"/>: it parses text with <see cref="int.Parse(string, IFormatProvider?)"/>.</summary>
public sealed class PromoCodeJsonConverter : JsonValueConverter<PromoCode>
{
    public override void Write(ref FastJsonWriter writer, PromoCode value) => writer.WriteString(value.Value.ToString(CultureInfo.InvariantCulture));

    public override PromoCode Read(ref FastJsonReader reader) => new(int.Parse(reader.ReadNonNullString(), CultureInfo.InvariantCulture));
}

/// <summary>The app's MessagePack converter of <see cref="PromoCode"/>, parsing as the JSON one does.</summary>
public sealed class PromoCodeMessagePackConverter : MessagePackValueConverter<PromoCode>
{
    public override void Write(ref FastMessagePackWriter writer, PromoCode value) => writer.WriteString(value.Value.ToString(CultureInfo.InvariantCulture));

    public override PromoCode Read(ref FastMessagePackReader reader) => new(int.Parse(reader.ReadNonNullString(), CultureInfo.InvariantCulture));
}

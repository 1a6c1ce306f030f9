namespace FastFormatters.Serialization;

/// <summary>
/// A family of formats that share one kind of converter: what a <see cref="ConverterProvider"/> is asked for and what a
/// contract modifier is run for.
/// </summary>
public enum FormatFamily
{
    /// <summary>JSON and JMC1 (JSON with length comments): <see cref="Json.Converters.JsonValueConverter{T}"/>.</summary>
    Json,

    /// <summary>MessagePack: <see cref="MessagePack.Converters.MessagePackValueConverter{T}"/>.</summary>
    MessagePack,
}

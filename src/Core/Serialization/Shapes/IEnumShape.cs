namespace FastFormatters.Serialization.Shapes;

/// <summary>An <see cref="EnumShape{T}"/> whatever its enum type, for a dictionary keyed by it.</summary>
internal interface IEnumShape
{
    /// <summary>The resolver's family's dictionary key of the enum.</summary>
    object CreateDictionaryKey(ConverterResolver resolver);
}

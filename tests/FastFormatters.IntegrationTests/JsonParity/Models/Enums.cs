namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>
/// Plain, [Flags], [JsonStringEnumMemberName] and [EnumMember] enums, defined and undefined values, nullable enums, enum
/// lists and enum dictionary keys. Every JSON number in this model is an enum value (the dictionary's values are
/// strings), so turning numbers into strings tests enum reading alone.
/// </summary>
public sealed class Enums
{
    public Color Color { get; set; }

    public Color Undefined { get; set; }

    public Permissions Flags { get; set; }

    public Permissions NamedCombination { get; set; }

    public Permissions UnnamedBits { get; set; }

    public Permissions NoFlags { get; set; }

    public Shipping Shipping { get; set; }

    public Shipping PlainShipping { get; set; }

    public Priority Priority { get; set; }

    public Color? NullableColor { get; set; }

    public Color? NullColor { get; set; }

    public List<Color> Colors { get; set; } = [];

    public Dictionary<Color, string> ByColor { get; set; } = [];
}

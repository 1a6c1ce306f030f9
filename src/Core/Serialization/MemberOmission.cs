namespace FastFormatters.Serialization;

/// <summary>When a member is left out of the output.</summary>
public enum MemberOmission : byte
{
    /// <summary>Always written.</summary>
    Never,

    /// <summary>Left out when its value is <see langword="null"/>.</summary>
    WhenNull,

    /// <summary>Left out when its value is its type's default (<see langword="null"/>, 0, <see langword="false"/>, ...).</summary>
    WhenDefault,
}

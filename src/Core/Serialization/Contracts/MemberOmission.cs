namespace FastFormatters.Serialization.Contracts;

/// <summary>When a member is left out of the output.</summary>
internal enum MemberOmission : byte
{
    Never,
    WhenNull,
    WhenDefault,
}

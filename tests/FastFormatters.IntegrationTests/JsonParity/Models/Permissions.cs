namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>A [Flags] enum with a named combination.</summary>
[Flags]
public enum Permissions
{
    None = 0,
    Read = 1,
    Write = 2,
    Execute = 4,
    ReadWrite = Read | Write,
}

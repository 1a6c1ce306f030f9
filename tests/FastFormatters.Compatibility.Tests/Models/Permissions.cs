namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>A flags enum: combinations are one number, or <c>"Read, Write"</c> by name.</summary>
[Flags]
public enum Permissions
{
    None = 0,
    Read = 1,
    Write = 2,
    Execute = 4,
}

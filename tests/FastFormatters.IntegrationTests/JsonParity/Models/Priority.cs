using System.Runtime.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>A byte-backed enum with [EnumMember], which System.Text.Json ignores.</summary>
public enum Priority : byte
{
    [EnumMember(Value = "lo")]
    Low = 1,

    [EnumMember(Value = "hi")]
    High = 2,
}

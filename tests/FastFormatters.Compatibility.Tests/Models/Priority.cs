namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>A byte enum: 200 must go out as uint8, and as <c>cc</c> even when boxed.</summary>
public enum Priority : byte
{
    Low = 1,
    High = 200,
}

namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary>Constants of MessagePack-CSharp 2.5 the tests depend on.</summary>
public static class MessagePackCSharpLimits
{
    /// <summary><c>MessagePackSerializerOptions.CompressionMinLength</c>'s default: shorter payloads are never compressed.</summary>
    public const int CompressionMinLength = 64;
}

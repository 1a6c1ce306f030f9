namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary><c>AddFastFormatters()</c> with its defaults: MessagePack-CSharp's contract, enums as numbers, no compression unless asked.</summary>
public sealed class DefaultServer : CompatibilityServer
{
}

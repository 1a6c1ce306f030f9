using FastFormatters.MessagePack;

namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary><c>o.MessagePack.Contract = SameAsJson</c>: MessagePack maps use the JSON member names.</summary>
public sealed class SameAsJsonServer : CompatibilityServer
{
    protected override void ConfigureFormatters(FastFormattersOptions options) => options.MessagePack.Contract = MessagePackContract.SameAsJson;
}

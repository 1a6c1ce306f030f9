using FastFormatters.MessagePack;

namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary><c>o.MessagePack.Compression = Lz4BlockArray</c>: responses compressed unless the request asks otherwise.</summary>
public sealed class ServerWideLz4Server : CompatibilityServer
{
    protected override void ConfigureFormatters(FastFormattersOptions options) => options.MessagePack.Compression = MessagePackCompressionMode.Lz4BlockArray;
}

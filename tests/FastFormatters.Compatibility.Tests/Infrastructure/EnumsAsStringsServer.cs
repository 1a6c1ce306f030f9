namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary><c>o.MessagePack.EnumsAsStrings = true</c>: enums by name, as DynamicEnumAsStringResolver writes them.</summary>
public sealed class EnumsAsStringsServer : CompatibilityServer
{
    protected override void ConfigureFormatters(FastFormattersOptions options) => options.MessagePack.EnumsAsStrings = true;
}

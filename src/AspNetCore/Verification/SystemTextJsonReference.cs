using System.Text.Json;

namespace FastFormatters.Verification;

/// <summary>
/// System.Text.Json under the endpoint's own options, for JSON and for JMC1 (whose data is the JSON's). Its metadata
/// comes from the options' resolver, as ASP.NET Core's formatter takes it, so a native app verifies what its
/// <c>JsonSerializerContext</c> lists.
/// </summary>
internal sealed class SystemTextJsonReference(JsonSerializerOptions options) : FormatReference
{
    public override string Name => "System.Text.Json";

    public override byte[] Serialize(object? value, Type type) => JsonSerializer.SerializeToUtf8Bytes(value, options.GetTypeInfo(type));

    public override BodyDifference? Compare(byte[] ours, byte[] reference) => JsonBodyComparer.Compare(ours, reference);
}

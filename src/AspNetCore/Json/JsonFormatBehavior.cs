using FastFormatters.Serialization;
using FastFormatters.Verification;

namespace FastFormatters.Json;

/// <summary>JSON in the host: compared in verify mode with System.Text.Json's bytes as they are.</summary>
internal sealed class JsonFormatBehavior : FormatBehavior
{
    public static readonly JsonFormatBehavior Instance = new();

    private JsonFormatBehavior()
    {
    }

    /// <summary>System.Text.Json under the serializer's options; none under the unified contract, which has none.</summary>
    public override FormatReference? CreateReference(FastFormattersSerializer serializer, FormatVerificationOptions options)
        => serializer.JsonSerializerOptions is { } jsonOptions ? new SystemTextJsonReference(jsonOptions) : null;
}

using FastFormatters.Diagnostics;
using FastFormatters.Jmc;
using FastFormatters.Json;
using FastFormatters.MessagePack;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace FastFormatters.Verification;

/// <summary>
/// Creates each format's serializer with its <see cref="ResponseVerifier"/> from <see cref="FastFormattersOptions.Verification"/>:
/// none when the mode is off or the format has nothing to compare with (JSON under the unified contract; MessagePack
/// without a reference serializer).
/// </summary>
internal sealed class ResponseVerification(IOptions<FastFormattersOptions> options, FormatterMetrics metrics, ILoggerFactory loggerFactory)
{
    public JsonFormatSerializer CreateJson(FastFormattersSerializer serializer)
        => new(serializer, options.Value.Json, Verifier(JsonFormat.Definition, TextReference(serializer)));

    public JmcFormatSerializer CreateJmc(FastFormattersSerializer serializer)
        => new(serializer, options.Value.Jsonc, Verifier(JmcFormat.Definition, TextReference(serializer)));

    public MessagePackFormatSerializer CreateMessagePack(FastFormattersSerializer serializer)
        => new(serializer, options.Value.MessagePack, Verifier(MessagePackFormat.Definition,
            options.Value.Verification.MessagePackReference is { } messagePack ? new MessagePackReference(messagePack) : null));

    private FormatReference? TextReference(FastFormattersSerializer serializer)
        => serializer.JsonSerializerOptions is { } jsonOptions ? new SystemTextJsonReference(jsonOptions) : null;

    private ResponseVerifier? Verifier(FormatDefinition format, FormatReference? reference)
    {
        var verification = options.Value.Verification;
        return verification.Enabled && reference is not null
            ? new ResponseVerifier(format, reference, verification, metrics, loggerFactory.CreateLogger("FastFormatters.Verification"))
            : null;
    }
}

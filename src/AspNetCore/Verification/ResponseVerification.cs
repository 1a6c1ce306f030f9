using FastFormatters.Diagnostics;
using FastFormatters.Jmc;
using FastFormatters.Json;
using FastFormatters.MessagePack;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Contracts;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace FastFormatters.Verification;

/// <summary>Creates each format serializer's <see cref="ResponseVerifier"/> from <see cref="FastFormattersOptions.Verification"/>.</summary>
internal sealed class ResponseVerification(IOptions<FastFormattersOptions> options, FormatterMetrics metrics, ILoggerFactory loggerFactory)
{
    /// <summary>
    /// The verifier of <paramref name="format"/> over <paramref name="serializer"/>, or null when the mode is off or the
    /// format has nothing to compare with (JSON under the unified contract; MessagePack without a reference serializer).
    /// </summary>
    public ResponseVerifier? For(FormatDefinition format, FastSerializer serializer)
    {
        var verification = options.Value.Verification;
        if (!verification.Enabled)
        {
            return null;
        }

        FormatReference? reference = format.Name switch
        {
            JsonFormat.Name or JmcFormat.Name => serializer.JsonResolver.Rules is SystemTextJsonContractRules systemTextJson ? new SystemTextJsonReference(systemTextJson.Options) : null,
            MessagePackFormat.Name => verification.MessagePackReference is { } messagePack ? new MessagePackReference(messagePack) : null,
            _ => null,
        };
        return reference is null ? null : new ResponseVerifier(format, reference, verification, metrics, loggerFactory.CreateLogger("FastFormatters.Verification"));
    }
}

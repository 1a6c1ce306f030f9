using Microsoft.Extensions.Logging;

namespace FastFormatters.Verification;

/// <summary>The verify mode's log messages (<see cref="FormatVerificationOptions"/>).</summary>
internal static partial class VerificationLog
{
    [LoggerMessage(1, LogLevel.Error, "FastFormatters' {Format} body of {Type} differs from {Reference}'s at {Path}: FastFormatters wrote {Ours}, {Reference} writes {ReferenceValue}.")]
    public static partial void Difference(ILogger logger, string format, Type type, string reference, string path, string ours, string referenceValue);

    [LoggerMessage(2, LogLevel.Error, "FastFormatters' {Format} body of {Type} differs from {Reference}'s at {Path}: FastFormatters wrote {Ours}, {Reference} writes {ReferenceValue}. {Reference} writes {Type} in {Format} from now on.")]
    public static partial void DifferenceServedByReference(ILogger logger, string format, Type type, string reference, string path, string ours, string referenceValue);

    [LoggerMessage(3, LogLevel.Warning, "A {Format} body of {Type} was not verified: {Reference} could not write or read it ({Reason}).")]
    public static partial void Unverifiable(ILogger logger, string format, Type type, string reference, string reason);

    [LoggerMessage(4, LogLevel.Warning, "{Reference}, which writes {Type} in {Format} since a difference, could not write this value ({Reason}); FastFormatters wrote it.")]
    public static partial void ReferenceFailed(ILogger logger, string format, Type type, string reference, string reason);
}

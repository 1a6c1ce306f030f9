namespace FastFormatters.Serialization.Composites;

/// <summary>
/// A member's name encoded once in one format's bytes, as its codec writes and matches it
/// (<see cref="IFormatCodec{TWriter, TReader}.EncodeMemberName"/>): each codec is handed back only its own.
/// </summary>
internal abstract class FormatMemberName
{
}

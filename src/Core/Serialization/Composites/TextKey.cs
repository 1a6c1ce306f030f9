using System.Buffers.Text;
using System.Text;
using System.Text.Json;

namespace FastFormatters.Serialization.Composites;

/// <summary>
/// A dictionary key written and read as its text (a JSON member name, a MessagePack string): the format writes and reads
/// the text, the key formats and parses it.
/// </summary>
internal abstract class TextKey<TCodec, TWriter, TReader, TKey> : DictionaryKey<TKey, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    /// <summary>What a key must be, for the error message.</summary>
    public abstract string Expected { get; }

    /// <summary>Parses a key from its text.</summary>
    public abstract bool TryParse(ReadOnlySpan<byte> utf8, out TKey key);

    /// <summary>Reads the key's text, checked to be UTF-8 as every string read is, and parses it.</summary>
    public override TKey Read(ref TReader reader)
    {
        var utf8 = TCodec.ReadUncheckedMemberName(ref reader);
        TCodec.EnsureUtf8(ref reader, utf8);
        return TryParse(utf8, out var key) ? key : throw TCodec.Error(ref reader, Expected);
    }
}

/// <summary>String keys as they are, renamed by the contract's dictionary key policy when it has one.</summary>
internal sealed class StringKey<TCodec, TWriter, TReader> : TextKey<TCodec, TWriter, TReader, string>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    private readonly JsonNamingPolicy? _policy;

    public StringKey(JsonNamingPolicy? policy) => _policy = policy;

    public override string Expected => "Expected a string key.";

    public override void Write(ref TWriter writer, string key) => TCodec.WriteMemberName(ref writer, _policy?.ConvertName(key) ?? key);

    public override bool TryParse(ReadOnlySpan<byte> utf8, out string key)
    {
        key = Encoding.UTF8.GetString(utf8);
        return true;
    }
}

/// <summary>GUID keys as their text, <c>D</c> form.</summary>
internal sealed class GuidKey<TCodec, TWriter, TReader> : TextKey<TCodec, TWriter, TReader, Guid>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    public override string Expected => "The key is not a GUID.";

    public override void Write(ref TWriter writer, Guid key)
    {
        Span<byte> buffer = stackalloc byte[36];
        key.TryFormat(buffer, out _, "D");
        TCodec.WriteAsciiMemberName(ref writer, buffer);
    }

    public override bool TryParse(ReadOnlySpan<byte> utf8, out Guid key)
        => Utf8Parser.TryParse(utf8, out key, out int consumed, 'D') && consumed == utf8.Length;
}

using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>
/// <c>[Key(string)]</c> members: a map under those keys, properties before fields whatever the declaration order, and a
/// key longer than 31 bytes (str8 header).
/// </summary>
[MessagePackObject]
public sealed class StringKeyedProfile
{
    // Declared first, written last: MessagePack-CSharp writes properties before fields.
    [Key("score")]
    public long Score;

    [Key("user_name")]
    public string UserName { get; set; } = "";

    [Key("tags")]
    public string[] Tags { get; set; } = [];

    [Key("avatar")]
    public byte[]? Avatar { get; set; }

    [Key("a_key_that_is_longer_than_thirty_one_bytes")]
    public string? LongKeyed { get; set; }

    [IgnoreMember]
    public string? SessionToken { get; set; }
}

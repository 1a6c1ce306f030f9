using System.Buffers;
using System.Text;
using FastFormatters.Core.Tests.MessagePack;
using FastFormatters.Serialization;

namespace FastFormatters.Core.Tests.Converters;

/// <summary>
/// <see cref="FastSerializerOptions.ContractModifiers"/>: what a modifier does to a type's members (leave out, rename,
/// reorder, omit, require, re-key) is what every format of its family writes and reads; what it may not do fails
/// clearly, the same every time.
/// </summary>
public sealed class ContractModifierTests
{
    private static readonly Account s_account = new() { Id = 7, Owner = "Ada", Secret = "hunter2", Note = null };

    [Fact]
    public void A_removed_member_is_neither_written_nor_read_in_any_format()
    {
        var serializer = With(info =>
        {
            if (info.Type == typeof(Account))
            {
                RemoveMember(info, nameof(Account.Secret));
            }
        });

        Assert.Equal("""{"id":7,"owner":"Ada","note":null}""", Json(serializer, s_account));
        var map = Assert.IsType<MsgMap>(MsgPackDecoder.Decode(Bytes(serializer, FastFormat.MessagePack, s_account)));
        Assert.Equal(["Id", "Owner", "Note"], map.Keys.Cast<string>());

        var read = serializer.Deserialize<Account>(FastFormat.Json, """{"id":7,"secret":"sent anyway"}"""u8);
        Assert.Equal(string.Empty, read.Secret);
    }

    [Fact]
    public void Renamed_reordered_and_omitted_members_are_written_and_read_as_changed()
    {
        var serializer = With(info =>
        {
            foreach (var member in info.Members)
            {
                if (member.Member.Name == nameof(Account.Owner))
                {
                    member.Name = "holder";
                    member.Order = -1;
                }

                if (member.Member.Name == nameof(Account.Note))
                {
                    member.Omission = MemberOmission.WhenNull;
                }
            }
        });

        Assert.Equal("""{"holder":"Ada","id":7,"secret":"hunter2"}""", Json(serializer, s_account));
        Assert.Equal("Grace", serializer.Deserialize<Account>(FastFormat.Jsonc, Bytes(serializer, FastFormat.Jsonc, s_account with { Owner = "Grace" })).Owner);
        Assert.Equal("Grace", serializer.Deserialize<Account>(FastFormat.MessagePack, Bytes(serializer, FastFormat.MessagePack, s_account with { Owner = "Grace" })).Owner);
    }

    [Fact]
    public void A_member_made_required_refuses_a_body_without_it()
    {
        var serializer = With(info =>
        {
            foreach (var member in info.Members)
            {
                member.IsRequired |= member.Member.Name == nameof(Account.Owner);
            }
        });

        Assert.Throws<FormatReadException>(() => serializer.Deserialize<Account>(FastFormat.Json, """{"id":7}"""u8));
        Assert.Equal("Ada", serializer.Deserialize<Account>(FastFormat.Json, """{"id":7,"owner":"Ada"}"""u8).Owner);
    }

    [Fact]
    public void A_modifier_sees_the_family_it_is_built_for()
    {
        var formats = new List<FormatFamily>();
        var serializer = With(info =>
        {
            if (info.Type == typeof(Account))
            {
                lock (formats)
                {
                    formats.Add(info.Family);
                }
            }

            if (info.Family == FormatFamily.MessagePack)
            {
                foreach (var member in info.Members)
                {
                    member.Key = member.Member.Name switch { nameof(Account.Id) => 0, nameof(Account.Owner) => 1, nameof(Account.Secret) => 2, _ => 3 };
                }
            }
        });

        Assert.Equal("""{"id":7,"owner":"Ada","secret":"hunter2","note":null}""", Json(serializer, s_account));
        var array = Assert.IsType<List<object?>>(MsgPackDecoder.Decode(Bytes(serializer, FastFormat.MessagePack, s_account)));
        Assert.Equal([7L, "Ada", "hunter2", null], array);
        Assert.Equal([FormatFamily.Json, FormatFamily.MessagePack], formats);
    }

    [Fact]
    public void A_modifier_that_adds_a_foreign_member_or_keys_JSON_fails_clearly_every_time()
    {
        var adds = With(info =>
        {
            if (info.Type == typeof(Account))
            {
                info.Members.Add(info.Members[0]);
                info.Members.RemoveAt(0);
                info.Members.Add(null!);
            }
        });
        var keysJson = With(info =>
        {
            foreach (var member in info.Members)
            {
                member.Key = 0;
            }
        });

        for (int attempt = 0; attempt < 2; attempt++)
        {
            Assert.Contains("not one of its own", Assert.ThrowsAny<Exception>(() => Json(adds, s_account)).ToString(), StringComparison.Ordinal);
            Assert.Contains("MessagePack only", Assert.ThrowsAny<Exception>(() => Json(keysJson, s_account)).ToString(), StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData(FastFormat.Json)]
    [InlineData(FastFormat.Jsonc)]
    public void A_type_System_Text_Json_writes_is_refused_when_a_modifier_would_change_it(FastFormat format)
    {
        var removesSecret = With(info => RemoveMember(info, nameof(Membership.Secret)));
        Membership polymorphic = new GoldMembership { Owner = "Ada", Secret = "hunter2" };

        for (int attempt = 0; attempt < 2; attempt++)
        {
            var error = Assert.Throws<NotSupportedException>(() => Bytes(removesSecret, format, polymorphic));
            Assert.Contains("contract modifiers", error.Message, StringComparison.Ordinal);
        }

        // A modifier that leaves the type as it is does not stand in the way.
        var unchanged = With(_ => { });
        Assert.Contains("\"secret\":\"hunter2\"", Json(unchanged, polymorphic), StringComparison.Ordinal);
    }

    [Fact]
    public void A_null_modifier_or_empty_name_is_refused()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new FastFormattersSerializer(new FastSerializerOptions { ContractModifiers = { null! } }));

        var serializer = With(info =>
        {
            foreach (var member in info.Members)
            {
                member.Name = string.Empty;
            }
        });
        Assert.Contains("cannot be null or empty", Assert.ThrowsAny<Exception>(() => Json(serializer, s_account)).ToString(), StringComparison.Ordinal);
    }

    private static void RemoveMember(ObjectContractInfo info, string clrName)
    {
        for (int i = info.Members.Count - 1; i >= 0; i--)
        {
            if (info.Members[i].Member.Name == clrName)
            {
                info.Members.RemoveAt(i);
            }
        }
    }

    private static FastFormattersSerializer With(Action<ObjectContractInfo> modifier)
        => new(SuiteOptions.With(new FastSerializerOptions { ContractModifiers = { modifier } }));

    private static string Json<T>(FastFormattersSerializer serializer, T value) => Encoding.UTF8.GetString(Bytes(serializer, FastFormat.Json, value));

    private static byte[] Bytes<T>(FastFormattersSerializer serializer, FastFormat format, T value)
    {
        var output = new ArrayBufferWriter<byte>();
        serializer.Serialize(format, output, value);
        return output.WrittenSpan.ToArray();
    }

    public sealed record Account
    {
        public int Id { get; set; }

        public string Owner { get; set; } = string.Empty;

        public string Secret { get; set; } = string.Empty;

        public string? Note { get; set; }
    }

    [System.Text.Json.Serialization.JsonDerivedType(typeof(GoldMembership), "gold")]
    public record Membership
    {
        public string Owner { get; set; } = string.Empty;

        public string Secret { get; set; } = string.Empty;
    }

    public sealed record GoldMembership : Membership;
}

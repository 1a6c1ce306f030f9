using System.Text.Json;
using System.Text.Json.Serialization;
using static FastFormatters.Core.Tests.MessagePack.MsgPackTestHelpers;

namespace FastFormatters.Core.Tests.MessagePack;

/// <summary>
/// <c>[JsonPolymorphic]</c>/<c>[JsonDerivedType]</c> hierarchies in MessagePack carry their discriminator where
/// System.Text.Json puts it in JSON: first in the subtype's map; both directions, string and integer discriminators.
/// </summary>
public sealed class JsonPolymorphismTests
{
    [Fact]
    public void The_discriminator_is_the_first_entry_of_the_subtypes_map()
    {
        byte[] bytes = Serialize<Animal>(new Lion { Name = "Leo", Mane = 3 });

        var map = Assert.IsType<MsgMap>(MsgPackDecoder.Decode(bytes));
        Assert.Equal(["$type", "Name", "Mane"], map.Keys.Cast<string>());
        Assert.Equal("lion", map["$type"]);

        // System.Text.Json puts it first in JSON too.
        Assert.StartsWith("""{"$type":"lion",""", JsonSerializer.Serialize<Animal>(new Lion { Name = "Leo", Mane = 3 }), StringComparison.Ordinal);
    }

    [Fact]
    public void Subtypes_read_back_as_themselves_in_members_and_lists()
    {
        var zoo = new Zoo { Star = new Lion { Name = "Leo", Mane = 3 }, All = [new Cat { Name = "Tom", Lives = 9 }, new Lion { Name = "Nala", Mane = 1 }] };

        var read = RoundTrip(zoo);

        var star = Assert.IsType<Lion>(read.Star);
        Assert.Equal(3, star.Mane);
        Assert.Equal(9, Assert.IsType<Cat>(read.All[0]).Lives);
        Assert.Equal("Nala", Assert.IsType<Lion>(read.All[1]).Name);
    }

    [Fact]
    public void An_integer_discriminator_stays_an_integer()
    {
        var map = Assert.IsType<MsgMap>(MsgPackDecoder.Decode(Serialize<Animal>(new Cat { Name = "Tom", Lives = 9 })));

        Assert.Equal(2L, map["$type"]);
    }

    [Fact]
    public void A_missing_or_unknown_discriminator_is_an_error()
    {
        ReadFails<Animal>(Bytes("81" + Str("Name") + Str("x")));
        ReadFails<Animal>(Bytes("82" + Str("$type") + Str("tiger") + Str("Name") + Str("x")));
        ReadFails<Animal>(Bytes("82" + Str("$type") + "07" + Str("Name") + Str("x")));
    }

    [JsonPolymorphic]
    [JsonDerivedType(typeof(Lion), "lion")]
    [JsonDerivedType(typeof(Cat), 2)]
    public abstract class Animal
    {
        public string Name { get; set; } = string.Empty;
    }

    public sealed class Lion : Animal
    {
        public int Mane { get; set; }
    }

    public sealed class Cat : Animal
    {
        public int Lives { get; set; }
    }

    public sealed class Zoo
    {
        public Animal? Star { get; set; }

        public List<Animal> All { get; set; } = [];
    }
}

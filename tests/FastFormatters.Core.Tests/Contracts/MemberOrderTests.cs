using FastFormatters.Serialization.Contracts;

namespace FastFormatters.Core.Tests.Contracts;

/// <summary>
/// Members go out in their contract's order, lower first, and members of equal order keep their declaration order, as
/// System.Text.Json's [JsonPropertyOrder] and MessagePack-CSharp's keys have them.
/// </summary>
public sealed class MemberOrderTests
{
    [Fact]
    public void Lower_orders_come_first_and_equal_orders_keep_their_places()
    {
        string[] members = ["a", "b", "c", "d", "e", "f"];
        int[] orders = [2, 0, 2, -1, 0, 1];

        MemberOrder.Sort(members, orders);

        Assert.Equal(["d", "b", "e", "f", "a", "c"], members);
        Assert.Equal([-1, 0, 0, 1, 2, 2], orders);
    }

    [Fact]
    public void Members_already_in_order_stay_as_they_are()
    {
        string[] members = ["a", "b", "c"];
        int[] orders = [0, 0, 5];

        MemberOrder.Sort(members, orders);

        Assert.Equal(["a", "b", "c"], members);
    }

    [Fact]
    public void A_contract_in_reverse_order_is_reversed()
    {
        var members = Enumerable.Range(0, 100).Select(index => index.ToString(System.Globalization.CultureInfo.InvariantCulture)).ToArray();
        var orders = Enumerable.Range(0, 100).Select(index => 100 - index).ToArray();

        MemberOrder.Sort(members, orders);

        Assert.Equal(Enumerable.Range(0, 100).Reverse().Select(index => index.ToString(System.Globalization.CultureInfo.InvariantCulture)), members);
        Assert.Equal(Enumerable.Range(1, 100), orders);
    }
}

using System.Globalization;
using System.Runtime.Serialization;
using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Mvc;
using static FastFormatters.Core.Tests.Json.JsonTestHelpers;

namespace FastFormatters.Core.Tests.Json;

public sealed class ObjectContractTests
{
    private static Customer Ada => new() { Id = 7, FirstName = "Ada", LastName = "Lovelace", IsActive = true };

    [Fact]
    public void Members_are_camel_case_by_default()
    {
        var read = RoundTrip(Ada, """{"id":7,"firstName":"Ada","lastName":"Lovelace","isActive":true,"age":null}""");
        Assert.Equal(Ada, read);
    }

    [Fact]
    public void A_null_naming_policy_keeps_declared_names()
    {
        var options = Options(options => options.Unified.NamingPolicy = null);
        var read = RoundTrip(Ada, """{"Id":7,"FirstName":"Ada","LastName":"Lovelace","IsActive":true,"Age":null}""", options);
        Assert.Equal(Ada, read);
    }

    [Fact]
    public void Snake_case_naming_policy()
    {
        var options = Options(options => options.Unified.NamingPolicy = JsonNamingPolicy.SnakeCaseLower);
        var customer = Ada;
        customer.Age = 36;
        var read = RoundTrip(customer, """{"id":7,"first_name":"Ada","last_name":"Lovelace","is_active":true,"age":36}""", options);
        Assert.Equal(customer, read);
    }

    [Fact]
    public void Members_are_matched_case_insensitively_on_read()
    {
        var read = Deserialize<Customer>("""{"ID":7,"FIRSTNAME":"Ada","lastname":"Lovelace","IsActive":true}""");
        Assert.Equal(Ada, read);

        var snake = Deserialize<Customer>("""{"FIRST_NAME":"Ada","Is_Active":true}""", Options(options => options.Unified.NamingPolicy = JsonNamingPolicy.SnakeCaseLower));
        Assert.Equal("Ada", snake.FirstName);
        Assert.True(snake.IsActive);
    }

    [Fact]
    public void Exact_matches_win_over_case_insensitive_ones()
    {
        var read = Deserialize<CaseVariants>("""{"Value":2,"value":1}""", Options(options => options.Unified.NamingPolicy = null));
        Assert.Equal(1, read.value);
        Assert.Equal(2, read.Value);
    }

    [Fact]
    public void Escaped_member_names_are_matched()
        => Assert.Equal("Ada", Deserialize<Customer>("""{"\u0066irstName":"Ada"}""").FirstName);

    [Fact]
    public void Names_that_need_escaping_and_non_ascii_names()
    {
        var value = new OddNames { Quoted = 1, Accented = 2 };
        var read = RoundTrip(value, """
            {"say \"hi\"\\":1,"Ärger":2}
            """);
        Assert.Equal((1, 2), (read.Quoted, read.Accented));

        // Non-ASCII names are matched ignoring case too.
        Assert.Equal(3, Deserialize<OddNames>("""{"ärger":3}""").Accented);
        Assert.Equal(4, Deserialize<OddNames>("""{"\u00c4rger":4}""").Accented);
    }

    [Fact]
    public void Missing_members_keep_their_initial_values()
    {
        var read = Deserialize<WithDefaults>("{}");
        Assert.Equal("initial", read.Name);
        Assert.Equal(5, read.Count);
    }

    [Fact]
    public void Duplicate_members_keep_the_last_value()
        => Assert.Equal("second", Deserialize<Customer>("""{"firstName":"first","firstName":"second"}""").FirstName);

    [Fact]
    public void Omit_null_members_leaves_out_nulls_but_not_defaults()
    {
        var options = Options(options => options.Unified.OmitNullMembers = true);
        var customer = new Customer { Id = 0, FirstName = null, LastName = "L", IsActive = false, Age = null };
        Assert.Equal("""{"id":0,"lastName":"L","isActive":false}""", Serialize(customer, options));
        Assert.Equal("""{"id":0,"firstName":null,"lastName":"L","isActive":false,"age":null}""", Serialize(customer));
        Assert.Equal("{}", Serialize(new NullsOnly(), options));
    }

    [Fact]
    public void Data_member_names_and_ignore_attributes()
    {
        var value = new Annotated
        {
            DataMemberNamed = "a",
            DataMemberDefault = "b",
            IgnoredByDataMember = "c",
            Renamed = "d",
            Both = 5,
            Ignored = "e",
            OmittedWhenNull = "f",
            OmittedWhenDefault = 6,
            NeverOmitted = "g",
            Plain = "h",
            EmitDefaultFalse = 7,
        };
        var read = RoundTrip(
            value,
            """{"dm_Name":"a","dataMemberDefault":"b","Custom-Name":"d","both":5,"omittedWhenNull":"f","omittedWhenDefault":6,"neverOmitted":"g","plain":"h","emitDefaultFalse":7}""");
        Assert.Equal("a", read.DataMemberNamed);
        Assert.Equal("b", read.DataMemberDefault);
        Assert.Null(read.IgnoredByDataMember);
        Assert.Equal("d", read.Renamed);
        Assert.Equal(5, read.Both);
        Assert.Null(read.Ignored);
        Assert.Equal("f", read.OmittedWhenNull);
        Assert.Equal(6, read.OmittedWhenDefault);
        Assert.Equal("g", read.NeverOmitted);
        Assert.Equal("h", read.Plain);
        Assert.Equal(7, read.EmitDefaultFalse);
    }

    [Fact]
    public void Conditional_omission()
    {
        Assert.Equal(
            """{"dm_Name":null,"dataMemberDefault":null,"Custom-Name":null,"both":0,"neverOmitted":null,"plain":null}""",
            Serialize(new Annotated()));

        // JsonIgnoreCondition.Never keeps a null even when nulls are omitted.
        Assert.Equal("""{"both":0,"neverOmitted":null}""", Serialize(new Annotated(), Options(options => options.Unified.OmitNullMembers = true)));
    }

    [Fact]
    public void Ignored_and_renamed_members_are_not_read_under_other_names()
    {
        var read = Deserialize<Annotated>(
            """{"ignored":"x","ignoredByDataMember":"y","renamed":"no","dataMemberNamed":"no","Custom-Name":"yes","dm":9}""");
        Assert.Null(read.Ignored);
        Assert.Null(read.IgnoredByDataMember);
        Assert.Null(read.DataMemberNamed);
        Assert.Equal("yes", read.Renamed);
        Assert.Equal(0, read.Both);
    }

    [Fact]
    public void Data_contract_types_are_opt_in_and_ordered()
    {
        var value = new Contract { Second = 2, FirstValue = "x", NotAMember = "hidden", Unordered = true };
        var read = RoundTrip(value, """{"unordered":true,"first":"x","second":2}""");
        Assert.Equal(2, read.Second);
        Assert.Equal("x", read.FirstValue);
        Assert.True(read.Unordered);
        Assert.Null(Deserialize<Contract>("""{"notAMember":"y"}""").NotAMember);
    }

    [Fact]
    public void Fields_only_with_an_attribute()
    {
        var value = new WithFields { PlainField = 1, IncludedField = "x", DataMemberField = 3 };
        Assert.Equal("""{"includedField":"x","dmField":3,"readOnlyField":9}""", Serialize(value));

        var read = Deserialize<WithFields>("""{"plainField":5,"includedField":"y","dmField":4,"readOnlyField":1}""");
        Assert.Equal(0, read.PlainField);
        Assert.Equal("y", read.IncludedField);
        Assert.Equal(4, read.DataMemberField);
        Assert.Equal(9, read.ReadOnlyField);
    }

    [Fact]
    public void Property_order_attribute()
    {
        var read = RoundTrip(new Ordered { A = 1, B = 2, C = 3, D = 4 }, """{"b":2,"a":1,"d":4,"c":3}""");
        Assert.Equal((1, 2, 3, 4), (read.A, read.B, read.C, read.D));
    }

    [Fact]
    public void Base_class_members_come_first_and_overrides_keep_their_place()
    {
        var read = RoundTrip(new Product { Id = 1, Label = "L", Name = "N" }, """{"id":1,"label":"L","name":"N"}""");
        Assert.Equal((1, "L", "N"), (read.Id, read.Label, read.Name));

        var square = RoundTrip(new Square { Size = 5 }, """{"size":5}""");
        Assert.Equal(5, square.Size);
    }

    [Fact]
    public void Members_with_private_setters_are_written_but_not_read()
    {
        Assert.Equal("""{"version":3}""", Serialize(new PrivateSetter(3)));
        Assert.Equal(0, Deserialize<PrivateSetter>("""{"version":8}""").Version);
    }

    [Fact]
    public void Positional_records()
    {
        Assert.Equal(new Point(1, 2), RoundTrip(new Point(1, 2), """{"x":1,"y":2}"""));
        Assert.Equal(new Point(1, 2), Deserialize<Point>("""{"y":2,"x":1}"""));
        Assert.Equal(new Point(1, 0), Deserialize<Point>("""{"x":1}"""));
        Assert.Equal(new Point(3, 4), Deserialize<Point>("""{"X":3,"Y":4,"z":5}"""));
    }

    [Fact]
    public void Records_with_default_parameters_and_init_properties()
    {
        var person = new Person("Ada") { Email = "ada@example.com" };
        Assert.Equal(person, RoundTrip(person, """{"name":"Ada","age":30,"email":"ada@example.com"}"""));

        var read = Deserialize<Person>("""{"email":"e@example.com","name":"Grace"}""");
        Assert.Equal(new Person("Grace", 30) { Email = "e@example.com" }, read);
        Assert.Equal(new Person("X", 5), Deserialize<Person>("""{"NAME":"X","AGE":5}"""));
    }

    [Fact]
    public void Init_only_properties()
    {
        var value = new InitOnly { Name = "n", Count = 3, Tags = ["a", "b"] };
        var read = RoundTrip(value, """{"name":"n","count":3,"tags":["a","b"]}""");
        Assert.Equal("n", read.Name);
        Assert.Equal(3, read.Count);
        Assert.Equal(["a", "b"], read.Tags);
    }

    [Fact]
    public void Get_only_properties_set_by_the_constructor()
    {
        var account = new Account("A-1", 10.50m);
        var read = RoundTrip(account, """{"id":"A-1","balance":10.50,"display":"A-1:10.50"}""");
        Assert.Equal("A-1", read.Id);
        Assert.Equal(10.50m, read.Balance);
        Assert.Equal(2, read.Balance.Scale);

        var reordered = Deserialize<Account>("""{"display":"ignored","balance":1,"id":"B"}""");
        Assert.Equal(("B", 1m, "B:1"), (reordered.Id, reordered.Balance, reordered.Display));
    }

    [Fact]
    public void Property_names_on_positional_record_parameters()
    {
        var value = new Renamed("Ada", 36);
        Assert.Equal(value, RoundTrip(value, """{"full_name":"Ada","years":36}"""));
    }

    [Fact]
    public void A_marked_constructor_is_used_for_structs()
    {
        var read = RoundTrip(new Money(12.5m, "EUR"), """{"amount":12.5,"currency":"EUR"}""");
        Assert.Equal((12.5m, "EUR"), (read.Amount, read.Currency));
    }

    [Fact]
    public void A_marked_constructor_is_used()
    {
        var read = RoundTrip(new Marked("x", 2), """{"name":"x","count":2}""");
        Assert.Equal(("x", 2), (read.Name, read.Count));
    }

    [Fact]
    public void Structs()
    {
        var measurement = new Measurement { Value = 1.5, Unit = "kg" };
        Assert.Equal(measurement, RoundTrip(measurement, """{"value":1.5,"unit":"kg"}"""));
        Assert.Equal(measurement, Deserialize<Measurement>("""{"unit":"kg","value":1.5}"""));
        Assert.Equal(default, Deserialize<Measurement>("{}"));

        var coordinates = new Coordinates(51.5, -0.12);
        Assert.Equal(coordinates, RoundTrip(coordinates, """{"lat":51.5,"lon":-0.12}"""));

        Assert.Equal([measurement, default], RoundTrip(new[] { measurement, default }, """[{"value":1.5,"unit":"kg"},{"value":0,"unit":null}]"""));
    }

    [Fact]
    public void Nested_objects()
    {
        var order = new Order
        {
            Number = 1,
            Customer = Ada,
            Lines = [new OrderLine { Sku = "A", Quantity = 2, Price = 9.99m }, new OrderLine { Sku = "B", Quantity = 1, Price = 0.50m }],
            Shipping = new Address("1 Main St", "Springfield"),
            Billing = null,
        };
        var read = RoundTrip(
            order,
            """{"number":1,"customer":{"id":7,"firstName":"Ada","lastName":"Lovelace","isActive":true,"age":null},"lines":[{"sku":"A","quantity":2,"price":9.99},{"sku":"B","quantity":1,"price":0.50}],"shipping":{"street":"1 Main St","city":"Springfield"},"billing":null}""");
        Assert.Equal(Ada, read.Customer);
        Assert.Equal(2, read.Lines.Count);
        Assert.Equal(0.50m, read.Lines[1].Price);
        Assert.Equal(new Address("1 Main St", "Springfield"), read.Shipping);
        Assert.Null(read.Billing);
    }

    [Fact]
    public void Recursive_types()
    {
        var tree = new TreeNode
        {
            Name = "root",
            Children = [new TreeNode { Name = "a" }, new TreeNode { Name = "b", Children = [new TreeNode { Name = "c" }] }],
        };
        var read = RoundTrip(
            tree,
            """{"name":"root","children":[{"name":"a","children":[]},{"name":"b","children":[{"name":"c","children":[]}]}]}""");
        Assert.Equal("root", read.Name);
        Assert.Equal(["a", "b"], read.Children.Select(child => child.Name));
        Assert.Equal("c", Assert.Single(read.Children[1].Children).Name);
        Assert.Empty(read.Children[1].Children[0].Children);
    }

    [Fact]
    public void Unknown_members_are_skipped_however_deep()
    {
        const string json = """
            {
              "id": 1,
              "extra": {"a": [1, 2, {"b": [[[]], {}, {"c": {"d": null}}]}], "e": "\u00e9\"\\", "f": -1.5e-3},
              "firstName": "Ada",
              "more": [true, false, null, 1.5e3, "x", [], {}],
              "lastName": "L",
              "tail": "done"
            }
            """;
        var read = Deserialize<Customer>(json);
        Assert.Equal(1, read.Id);
        Assert.Equal("Ada", read.FirstName);
        Assert.Equal("L", read.LastName);
    }

    [Fact]
    public void Extension_data_is_written_flattened()
    {
        var value = new WithExtensions
        {
            Id = 1,
            Extra = new Dictionary<string, object?>
            {
                ["traceId"] = "abc",
                ["count"] = 3,
                ["nested"] = new Dictionary<string, object?> { ["a"] = new List<object?> { 1L, null } },
                ["none"] = null,
            },
        };
        Assert.Equal("""{"id":1,"traceId":"abc","count":3,"nested":{"a":[1,null]},"none":null}""", Serialize(value));
        Assert.Equal("""{"id":1}""", Serialize(new WithExtensions { Id = 1 }));
        Assert.Equal("""{"id":1}""", Serialize(new WithExtensions { Id = 1, Extra = new Dictionary<string, object?>() }));
    }

    [Fact]
    public void Unknown_members_are_read_into_extension_data()
    {
        var read = Deserialize<WithExtensions>("""{"x":[1,"a"],"id":2,"y":null,"z":{"k":1.5}}""");
        Assert.Equal(2, read.Id);
        Assert.NotNull(read.Extra);
        Assert.Equal(["x", "y", "z"], read.Extra.Keys);
        Assert.Equal(new List<object?> { 1L, "a" }, read.Extra["x"]);
        Assert.Null(read.Extra["y"]);
        Assert.Equal(new Dictionary<string, object?> { ["k"] = 1.5 }, read.Extra["z"]);
        Assert.Equal("""{"id":2,"x":[1,"a"],"y":null,"z":{"k":1.5}}""", Serialize(read));
    }

    [Fact]
    public void Extension_data_on_records_read_through_a_constructor()
    {
        var read = Deserialize<Envelope>("""{"a":1,"kind":"k","b":"two"}""");
        Assert.Equal("k", read.Kind);
        Assert.Equal(1L, read.Rest["a"]);
        Assert.Equal("two", read.Rest["b"]);
        Assert.Equal("""{"kind":"k","a":1,"b":"two"}""", Serialize(read));
    }

    [Fact]
    public void Problem_details_are_written_with_the_rfc_9457_members_first()
    {
        var problem = new ProblemDetails
        {
            Type = "https://tools.ietf.org/html/rfc9110#section-15.5.5",
            Title = "Not Found",
            Status = 404,
            Detail = "Order 42 was not found.",
            Instance = "/orders/42",
        };
        problem.Extensions["traceId"] = "00-abc-def-01";
        const string expected = """{"type":"https://tools.ietf.org/html/rfc9110#section-15.5.5","title":"Not Found","status":404,"detail":"Order 42 was not found.","instance":"/orders/42","traceId":"00-abc-def-01"}""";
        Assert.Equal(expected, Serialize(problem));

        // The names come from [JsonPropertyName], whatever the naming policy.
        Assert.Equal(expected, Serialize(problem, Options(options => options.Unified.NamingPolicy = null)));
        Assert.Equal(expected, Serialize(problem, Options(options => options.Unified.NamingPolicy = JsonNamingPolicy.SnakeCaseLower)));

        // Written as object, as a controller returning IActionResult does.
        Assert.Equal(expected, SerializeBoxed(problem, typeof(object)));
    }

    [Fact]
    public void Problem_details_leave_out_null_members()
        => Assert.Equal("""{"title":"Oops","status":500}""", Serialize(new ProblemDetails { Title = "Oops", Status = 500 }));

    [Fact]
    public void Problem_details_are_read_with_extensions()
    {
        var read = Deserialize<ProblemDetails>("""{"type":"about:blank","title":"T","status":409,"detail":"D","instance":"/x","traceId":"t-1","retry":3}""");
        Assert.Equal("about:blank", read.Type);
        Assert.Equal("T", read.Title);
        Assert.Equal(409, read.Status);
        Assert.Equal("D", read.Detail);
        Assert.Equal("/x", read.Instance);
        Assert.Equal("t-1", read.Extensions["traceId"]);
        Assert.Equal(3L, read.Extensions["retry"]);
    }

    [Fact]
    public void Validation_problem_details()
    {
        var problem = new ValidationProblemDetails(new Dictionary<string, string[]>
        {
            ["Name"] = ["The Name field is required."],
            ["Items[0].Price"] = ["Must be positive.", "Must have two decimals."],
        })
        {
            Type = "https://tools.ietf.org/html/rfc9110#section-15.5.1",
            Status = 400,
        };
        problem.Extensions["traceId"] = "00-trace-01";
        const string expected = """{"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1","title":"One or more validation errors occurred.","status":400,"errors":{"Name":["The Name field is required."],"Items[0].Price":["Must be positive.","Must have two decimals."]},"traceId":"00-trace-01"}""";
        Assert.Equal(expected, Serialize(problem));
        // Declared as object, the runtime type decides, as for a response's top-level value.
        Assert.Equal(expected, SerializeBoxed(problem, typeof(object)));

        var read = Deserialize<ValidationProblemDetails>(expected);
        Assert.Equal(400, read.Status);
        Assert.Equal("One or more validation errors occurred.", read.Title);
        Assert.Equal(["Must be positive.", "Must have two decimals."], read.Errors["Items[0].Price"]);
        Assert.Equal("00-trace-01", read.Extensions["traceId"]);
        Assert.False(read.Extensions.ContainsKey("errors"));
        Assert.Equal(expected, Serialize(read));
    }
}

public sealed record Customer
{
    public int Id { get; set; }

    public string? FirstName { get; set; }

    public string? LastName { get; set; }

    public bool IsActive { get; set; }

    public int? Age { get; set; }
}

public sealed class CaseVariants
{
#pragma warning disable IDE1006 // Naming: two members differing only in case are the point of the test.
    public int value { get; set; }
#pragma warning restore IDE1006

    public int Value { get; set; }
}

public sealed class WithDefaults
{
    public string Name { get; set; } = "initial";

    public int Count { get; set; } = 5;
}

public sealed class NullsOnly
{
    public string? A { get; set; }

    public int? B { get; set; }

    public List<int>? C { get; set; }
}

public sealed class Annotated
{
    [DataMember(Name = "dm_Name")]
    public string? DataMemberNamed { get; set; }

    [DataMember]
    public string? DataMemberDefault { get; set; }

    [IgnoreDataMember]
    public string? IgnoredByDataMember { get; set; }

    [JsonPropertyName("Custom-Name")]
    public string? Renamed { get; set; }

    [JsonPropertyName("both")]
    [DataMember(Name = "dm")]
    public int Both { get; set; }

    [JsonIgnore]
    public string? Ignored { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? OmittedWhenNull { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public int OmittedWhenDefault { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public string? NeverOmitted { get; set; }

    public string? Plain { get; set; }

    [DataMember(EmitDefaultValue = false)]
    public int EmitDefaultFalse { get; set; }
}

[DataContract]
public sealed class Contract
{
    [DataMember(Order = 2)]
    public int Second { get; set; }

    [DataMember(Name = "first", Order = 1)]
    public string? FirstValue { get; set; }

    public string? NotAMember { get; set; }

    [DataMember]
    public bool Unordered { get; set; }
}

public sealed class WithFields
{
    public int PlainField;

    [JsonInclude]
    public string? IncludedField;

    [DataMember(Name = "dmField")]
    public int DataMemberField;

    [JsonInclude]
    public readonly int ReadOnlyField = 9;
}

public sealed class Ordered
{
    [JsonPropertyOrder(2)]
    public int C { get; set; }

    public int A { get; set; }

    [JsonPropertyOrder(-1)]
    public int B { get; set; }

    public int D { get; set; }
}

public class Entity
{
    public int Id { get; set; }

    public virtual string? Label { get; set; }
}

public sealed class Product : Entity
{
    public string? Name { get; set; }

    public override string? Label { get; set; }
}

public class Shape
{
    public object? Size { get; set; }
}

public sealed class Square : Shape
{
    public new int Size { get; set; }
}

public sealed class PrivateSetter
{
    public PrivateSetter()
    {
    }

    public PrivateSetter(int version) => Version = version;

    public int Version { get; private set; }
}

public sealed record Point(int X, int Y);

public sealed record Person(string Name, int Age = 30)
{
    public string? Email { get; init; }
}

public sealed class InitOnly
{
    public string Name { get; init; } = "";

    public int Count { get; init; }

    public IReadOnlyList<string> Tags { get; init; } = [];
}

public sealed class Account
{
    public Account(string id, decimal balance)
    {
        Id = id;
        Balance = balance;
    }

    public string Id { get; }

    public decimal Balance { get; }

    public string Display => Id + ":" + Balance.ToString(CultureInfo.InvariantCulture);
}

public sealed class Marked
{
    public Marked(string name) => Name = name;

    [JsonConstructor]
    public Marked(string name, int count)
    {
        Name = name;
        Count = count;
    }

    public string Name { get; }

    public int Count { get; }
}

public readonly record struct Coordinates(double Lat, double Lon);

public sealed record Renamed(
    [property: JsonPropertyName("full_name")] string Name,
    [property: JsonPropertyName("years")] int Age);

public readonly struct Money
{
    [JsonConstructor]
    public Money(decimal amount, string currency)
    {
        Amount = amount;
        Currency = currency;
    }

    public decimal Amount { get; }

    public string Currency { get; }
}

public sealed class OddNames
{
    [JsonPropertyName("say \"hi\"\\")]
    public int Quoted { get; set; }

    [JsonPropertyName("Ärger")]
    public int Accented { get; set; }
}

public sealed class Order
{
    public int Number { get; set; }

    public Customer? Customer { get; set; }

    public List<OrderLine> Lines { get; set; } = [];

    public Address? Shipping { get; set; }

    public Address? Billing { get; set; }
}

public sealed class OrderLine
{
    public string Sku { get; set; } = "";

    public int Quantity { get; set; }

    public decimal Price { get; set; }
}

public sealed record Address(string Street, string City);

public sealed class TreeNode
{
    public string Name { get; set; } = "";

    public List<TreeNode> Children { get; set; } = [];
}

public sealed class WithExtensions
{
    public int Id { get; set; }

    [JsonExtensionData]
    public IDictionary<string, object?>? Extra { get; set; }
}

public sealed record Envelope(string Kind)
{
    [JsonExtensionData]
    public Dictionary<string, object?> Rest { get; init; } = [];
}

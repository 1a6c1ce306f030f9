using FastFormatters.IntegrationTests.JsonParity.Models;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>
/// The parity catalog's types described by FastFormatters' source generator, for <see cref="GeneratedShapesHost"/>:
/// every root of <see cref="ParityCatalog"/> (the top-level primitives and collections need no shape of their own).
/// </summary>
[FastSerializable(typeof(int[]))]
[FastSerializable(typeof(List<string>))]
[FastSerializable(typeof(Dictionary<string, int>))]
[FastSerializable(typeof(Primitives))]
[FastSerializable(typeof(Enums))]
[FastSerializable(typeof(EnumConverterOnMember))]
[FastSerializable(typeof(Nullables))]
[FastSerializable(typeof(Collections))]
[FastSerializable(typeof(OtherCollections))]
[FastSerializable(typeof(Order))]
[FastSerializable(typeof(PersonRecord))]
[FastSerializable(typeof(Point))]
[FastSerializable(typeof(InitOnly))]
[FastSerializable(typeof(RequiredMembers))]
[FastSerializable(typeof(PropertyNames))]
[FastSerializable(typeof(IgnoreConditions))]
[FastSerializable(typeof(IgnoreWhenWriting))]
[FastSerializable(typeof(IncludedMembers))]
[FastSerializable(typeof(OrderedMembers))]
[FastSerializable(typeof(ExtensionObjects))]
[FastSerializable(typeof(ExtensionElements))]
[FastSerializable(typeof(ConstructorChoice))]
[FastSerializable(typeof(InternalConstructor))]
[FastSerializable(typeof(NumberHandlingMembers))]
[FastSerializable(typeof(QuotedNumbers))]
[FastSerializable(typeof(NumberHandlingOnCollection))]
[FastSerializable(typeof(Drawing))]
[FastSerializable(typeof(Invoice))]
[FastSerializable(typeof(GeoReading))]
[FastSerializable(typeof(KeyValuePair<string, int>))]
[FastSerializable(typeof(ByteMemory))]
[FastSerializable(typeof(MoneyBag))]
[FastSerializable(typeof(Wallet))]
[FastSerializable(typeof(Documents))]
[FastSerializable(typeof(DataMemberNames))]
[FastSerializable(typeof(Computed))]
[FastSerializable(typeof(Page<Item>))]
[FastSerializable(typeof(RenamedAndHidden))]
[FastSerializable(typeof(ConditionallyHidden))]
[FastSerializable(typeof(Thermostat))]
[FastSerializable(typeof(GraphNode))]
internal sealed partial class ParityShapes : TypeShapeProvider;

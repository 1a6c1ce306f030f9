using System.Reflection;
using System.Text.Json;
using System.Text.Json.Serialization;
using FastFormatters.Json.Converters;
using FastFormatters.MessagePack.Converters;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Contracts;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Core.Tests.Shapes;

/// <summary>
/// The generator and the reflection provider describe a type alike: for every type <see cref="TestShapes"/> describes
/// (its roots and every type they reach), reflection gives a shape of the same kind; under each ecosystem's contract
/// rules, an object's shape gives the members reflection discovers, and the public constructors reflection sees; and
/// every type the generator leaves to the formats (no shape) is served by both families without reflection. Member
/// order is compared too, except for the .NET libraries' own types, whose reference assemblies list their members by
/// name (a documented difference).
/// </summary>
public sealed class ShapeParityTests
{
    private static readonly ReflectionShapeProvider s_reflection = new();

    private static readonly Type[] s_roots =
    [
        typeof(ShapedOrder), typeof(List<ShapedOrder>), typeof(ShapedRequired), typeof(ShapedDerived), typeof(ShapedKeyed),
        typeof(IAsyncEnumerable<ShapedKeyed>), typeof(ShapedDrawing), typeof(ShapedEnvelope<ShapedPoint>), typeof(ShapedCounters),
        typeof(ShapedZoo), typeof(ShapedNodes), typeof(ShapedClaims), typeof(ShapedNested<string>.Inner<int>), typeof(ShapedText),
        typeof(ShapedBuffers), typeof(ReadOnlyMemory<int>), typeof(ShapedReading),
    ];

    public static TheoryData<string> Contracts => ["System.Text.Json", "unified", "MessagePack-CSharp"];

    [Theory]
    [MemberData(nameof(Contracts))]
    public void Every_described_object_gives_the_members_and_constructors_reflection_finds(string contract)
    {
        ContractRules rules = contract switch
        {
            "System.Text.Json" => new SystemTextJsonContractRules(new JsonSerializerOptions(JsonSerializerDefaults.Web)),
            "unified" => new UnifiedContractRules(JsonNamingPolicy.CamelCase, omitNullMembers: false, enumsAsNumbers: false),
            _ => new MessagePackContractRules(enumsAsNumbers: true),
        };

        var objects = new List<Type>();
        foreach (var (type, shape) in Described())
        {
            if (shape is not IObjectShape described || type.IsInterface || type.IsAbstract)
            {
                continue;
            }

            objects.Add(type);
            var reflected = s_reflection.GetShape(type);
            var candidates = MembersOf(reflected).Select(Identity).ToList();
            var generated = MembersOf(shape).Select(Identity).ToList();
            Assert.True(
                type.Assembly == typeof(ShapeParityTests).Assembly ? candidates.SequenceEqual(generated) : candidates.Order().SequenceEqual(generated.Order()),
                $"{type}: [{Names(type, generated)}] generated, [{Names(type, candidates)}] by reflection");

            var byReflection = ((IObjectShape)reflected).DiscoverMembers(rules).Select(Identity).ToList();
            var fromShape = described.DiscoverMembers(rules).Select(Identity).ToList();
            if (type.Assembly == typeof(ShapeParityTests).Assembly)
            {
                Assert.True(byReflection.SequenceEqual(fromShape), $"{contract}, {type}: [{Names(type, fromShape)}] from the shape, [{Names(type, byReflection)}] by reflection");
            }
            else
            {
                Assert.True(byReflection.Order().SequenceEqual(fromShape.Order()), $"{contract}, {type}: [{Names(type, fromShape)}] from the shape, [{Names(type, byReflection)}] by reflection");
            }

            var constructors = type.GetConstructors()
                .Where(constructor => constructor.GetParameters().All(parameter => !parameter.ParameterType.IsByRef && !parameter.ParameterType.IsByRefLike))
                .Select(Identity).Order().ToList();
            Assert.Equal(constructors, ConstructorsOf(shape).Select(Identity).Order().ToList());
        }

        // Not vacuous: the roots reach objects of every sort (records, structs, generics, nested generics, subtypes).
        Assert.True(objects.Count >= 20, $"{objects.Count} described objects: {string.Join(", ", objects)}");
    }

    [Fact]
    public void Every_described_type_is_the_kind_reflection_decides()
    {
        int described = 0;
        foreach (var (type, shape) in Described())
        {
            if (shape is null)
            {
                continue;
            }

            described++;
            var reflected = s_reflection.GetShape(type);
            Assert.True(Kind(shape) == Kind(reflected), $"{type}: {Kind(shape).Name} generated, {Kind(reflected).Name} by reflection");
            Assert.True(CreatesInstances(shape) == CreatesInstances(reflected), $"{type}: created when reading {(CreatesInstances(shape) ? "from its generated shape only" : "by reflection only")}");
        }

        Assert.True(described >= 40, $"{described} described types");
    }

    [Fact]
    public void Every_type_the_generator_leaves_to_the_formats_is_served_without_reflection()
    {
        var settings = new SerializerSettings(new FastSerializerOptions { BuildsByReflection = false });
        ConverterResolver[] resolvers =
        [
            new(settings, new SystemTextJsonContractRules(new JsonSerializerOptions(JsonSerializerDefaults.Web)), JsonConverterFamily.Instance),
            new(settings, new MessagePackContractRules(enumsAsNumbers: true), new MessagePackConverterFamily([])),
        ];

        var leaves = Described().Where(entry => entry.Shape is null).Select(entry => entry.Type).ToList();
        foreach (var leaf in leaves)
        {
            foreach (var resolver in resolvers)
            {
                var refusal = resolver.Refusal(leaf, reading: false);
                Assert.True(refusal is null, $"{leaf} has no shape, but the {resolver.Family.Format} family does not serve it: {refusal}");
            }
        }

        // Not vacuous: the roots reach numbers, text, dates, bytes, documents and object.
        Assert.True(leaves.Count >= 15, $"{leaves.Count} leaves: {string.Join(", ", leaves)}");
    }

    // A shape's kind: its generic definition.
    private static Type Kind(TypeShape shape) => shape.GetType().GetGenericTypeDefinition();

    // Whether a shape can create an instance without arguments, to read into.
    private static bool CreatesInstances(TypeShape shape)
        => shape.GetType().GetProperty(nameof(EnumerableShape<List<int>, int>.Create)) is { } create && create.GetValue(shape) is not null;

    // Every type the roots reach, with its shape (null for what the families serve themselves).
    private static IEnumerable<(Type Type, TypeShape? Shape)> Described()
    {
        var seen = new HashSet<Type>();
        var pending = new Queue<Type>(s_roots);
        while (pending.TryDequeue(out var type))
        {
            if (!seen.Add(type))
            {
                continue;
            }

            var shape = TestShapes.Default.GetShape(type);
            yield return (type, shape);
            if (shape is null)
            {
                continue;
            }

            foreach (var reached in Reached(type, shape))
            {
                pending.Enqueue(reached);
            }
        }
    }

    private static IEnumerable<Type> Reached(Type type, TypeShape shape)
    {
        if (type.IsArray)
        {
            yield return type.GetElementType()!;
        }

        foreach (var argument in type.IsGenericType ? type.GetGenericArguments() : [])
        {
            yield return argument;
        }

        if (shape is IObjectShape)
        {
            foreach (var member in MembersOf(shape))
            {
                yield return member is PropertyInfo property ? property.PropertyType : ((FieldInfo)member).FieldType;
            }

            foreach (var constructor in ConstructorsOf(shape))
            {
                foreach (var parameter in constructor.GetParameters())
                {
                    yield return parameter.ParameterType;
                }
            }

            foreach (var derived in type.GetCustomAttributes<JsonDerivedTypeAttribute>())
            {
                yield return derived.DerivedType;
            }
        }
    }

    // ObjectShape<T>.Members, whatever T is.
    private static IEnumerable<MemberInfo> MembersOf(TypeShape shape)
        => ((System.Collections.IEnumerable)shape.GetType().GetProperty(nameof(ObjectShape<object>.Members))!.GetValue(shape)!)
            .Cast<object>()
            .Select(member => (MemberInfo)member.GetType().GetProperty(nameof(MemberShape<object>.Member))!.GetValue(member)!);

    // ObjectShape<T>.Constructors, whatever T is.
    private static IEnumerable<ConstructorInfo> ConstructorsOf(TypeShape shape)
        => ((System.Collections.IEnumerable)shape.GetType().GetProperty(nameof(ObjectShape<object>.Constructors))!.GetValue(shape)!)
            .Cast<object>()
            .Select(constructor => (ConstructorInfo)constructor.GetType().GetProperty(nameof(ConstructorShape<object>.Constructor))!.GetValue(constructor)!);

    // A member by its metadata identity: the same member reached through another type compares equal.
    private static string Identity(MemberInfo member) => $"{member.Module.ModuleVersionId}:{member.MetadataToken:x8}:{member.DeclaringType}";

    private static string Names(Type type, IEnumerable<string> identities)
    {
        var byIdentity = type.GetMembers(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance).ToDictionary(Identity, member => member.Name);
        return string.Join(", ", identities.Select(identity => byIdentity.GetValueOrDefault(identity, identity)));
    }
}

using System.Reflection;
using System.Text.Json;
using System.Text.Json.Serialization;
using FastFormatters.Serialization.Contracts;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Core.Tests.Shapes;

/// <summary>
/// The generator and reflection describe a type alike: for every object type <see cref="TestShapes"/> describes (its
/// roots and every type they reach), under each ecosystem's contract rules, the members the contract takes from the
/// shape are the members it discovers by reflection, and the shape's constructors are the public ones reflection
/// sees. Member order is compared too, except for the .NET libraries' own types, whose reference assemblies list their
/// members by name (a documented difference).
/// </summary>
public sealed class ShapeParityTests
{
    private static readonly Type[] s_roots =
    [
        typeof(ShapedOrder), typeof(List<ShapedOrder>), typeof(ShapedRequired), typeof(ShapedDerived), typeof(ShapedKeyed),
        typeof(IAsyncEnumerable<ShapedKeyed>), typeof(ShapedDrawing), typeof(ShapedEnvelope<ShapedPoint>), typeof(ShapedCounters),
        typeof(ShapedZoo), typeof(ShapedNodes), typeof(ShapedClaims), typeof(ShapedNested<string>.Inner<int>), typeof(ShapedText),
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
            var byReflection = rules.DiscoverMembers(type).Select(Identity).ToList();
            var fromShape = rules.SelectMembers(type, described.MemberInfos).Select(Identity).ToList();
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

        if (shape is IObjectShape described)
        {
            foreach (var member in described.MemberInfos)
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

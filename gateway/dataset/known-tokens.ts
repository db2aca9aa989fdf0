/**
 * Well-known tokens with their real contract addresses, symbols and decimals, per chain.
 * `market` names the reference market in ./markets; `tags` are listing categories beyond the
 * chain ecosystem (added automatically). A test checks every contract with the shared
 * identifier module, so a mistyped EIP-55 or base58check address cannot slip in.
 */
export interface KnownToken {
  readonly coin: number;
  readonly contract: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  readonly market: string;
  readonly tags: readonly string[];
}

type Row = readonly [contract: string, symbol: string, name: string, decimals: number, market: string, tags?: readonly string[]];

const STABLE = ['stablecoins'];
const DEFI = ['defi-2'];
const DEX = ['defi-2', 'dex'];
const MEME = ['memes'];
const AI = ['ai'];
const RWA = ['rwa-assets'];
const GAME = ['gaming', 'nft'];
const LST = ['liquid-staking', 'defi-2'];
const L2 = ['layer_2'];

const ETHEREUM: readonly Row[] = [
  ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'USDC', 'USD Coin', 6, 'USDC', STABLE],
  ['0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT', 'Tether USD', 6, 'USDT', STABLE],
  ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'WETH', 'Wrapped Ether', 18, 'ETH', DEFI],
  ['0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 'WBTC', 'Wrapped BTC', 8, 'WBTC', DEFI],
  ['0x6B175474E89094C44Da98b954EedeAC495271d0F', 'DAI', 'Dai Stablecoin', 18, 'DAI', [...STABLE, ...DEFI]],
  ['0x514910771AF9Ca656af840dff83E8264EcF986CA', 'LINK', 'Chainlink', 18, 'LINK', DEFI],
  ['0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984', 'UNI', 'Uniswap', 18, 'UNI', DEX],
  ['0x7Fc66500c84A76Ad7e9c93437bFc5Ac33E2DDaE9', 'AAVE', 'Aave', 18, 'AAVE', DEFI],
  ['0x95aD61b0a150d79219dCF64E1E6Cc01f0B64C4cE', 'SHIB', 'Shiba Inu', 18, 'SHIB', MEME],
  ['0x6982508145454Ce325dDbE47a25d4ec3d2311933', 'PEPE', 'Pepe', 18, 'PEPE', MEME],
  ['0x7D1AfA7B718fb893dB30A3aBc0Cfc608AaCfeBB0', 'MATIC', 'Polygon (MATIC)', 18, 'POL', L2],
  ['0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84', 'stETH', 'Lido Staked Ether', 18, 'STETH', LST],
  ['0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0', 'wstETH', 'Wrapped liquid staked Ether 2.0', 18, 'WSTETH', LST],
  ['0xae78736Cd615f374D3085123A210448E74Fc6393', 'rETH', 'Rocket Pool ETH', 18, 'RETH', LST],
  ['0xBe9895146f7AF43049ca1c1AE358B0541Ea49704', 'cbETH', 'Coinbase Wrapped Staked ETH', 18, 'CBETH', LST],
  ['0x9f8F72aA9304c8B593d555F12eF6589cC3A579A2', 'MKR', 'Maker', 18, 'MKR', DEFI],
  ['0x5A98FcBEA516Cf06857215779Fd812CA3beF1B32', 'LDO', 'Lido DAO', 18, 'LDO', LST],
  ['0xD533a949740bb3306d119CC777fa900bA034cd52', 'CRV', 'Curve DAO Token', 18, 'CRV', DEX],
  ['0xc00e94Cb662C3520282E6f5717214004A7f26888', 'COMP', 'Compound', 18, 'COMP', DEFI],
  ['0xC011a73ee8576Fb46F5E1c5751cA3B9Fe0af2a6F', 'SNX', 'Synthetix Network Token', 18, 'SNX', DEFI],
  ['0x4d224452801ACEd8B2F0aebE155379bb5D594381', 'APE', 'ApeCoin', 18, 'APE', GAME],
  ['0xC18360217D8F7Ab5e7c516566761Ea12Ce7F9D72', 'ENS', 'Ethereum Name Service', 18, 'ENS', []],
  ['0x111111111117dC0aa78b770fA6A738034120C302', '1INCH', '1inch', 18, 'ONEINCH', DEX],
  ['0xc944E90C64B2c07662A292be6244BDf05Cda44a7', 'GRT', 'The Graph', 18, 'GRT', AI],
  ['0x3845badAde8e6dFF049820680d1F14bD3903a5d0', 'SAND', 'The Sandbox', 18, 'SAND', GAME],
  ['0x0F5D2fB29fb7d3CFeE444a200298f468908cC942', 'MANA', 'Decentraland', 18, 'MANA', GAME],
  ['0x45804880De22913dAFE09f4980848ECE6EcbAf78', 'PAXG', 'Paxos Gold', 18, 'PAXG', RWA],
  ['0xfAbA6f8e4a5E8Ab82F62fe7C39859FA577269BE3', 'ONDO', 'Ondo', 18, 'ONDO', RWA],
  ['0xaea46A60368A7bD060eec7DF8CBa43b7EF41Ad85', 'FET', 'Fetch.ai', 18, 'FET', AI],
  ['0x6De037ef9aD2725EB40118Bb1702EBb27e4Aeb24', 'RNDR', 'Render Token', 18, 'RENDER', AI],
  ['0xB50721BCf8d664c30412Cfbc6cf7a15145234ad1', 'ARB', 'Arbitrum', 18, 'ARB', L2],
  ['0xF57e7e7C23978C3cAEC3C3548E3D615c346e79fF', 'IMX', 'Immutable X', 18, 'IMX', [...GAME, ...L2]],
  ['0x4a220E6096B25EADb88358cb44068A3248254675', 'QNT', 'Quant', 18, 'QNT', []],
  ['0x5283D291DBCF85356A21bA090E6db59121208b44', 'BLUR', 'Blur', 18, 'BLUR', ['nft']],
  ['0xcf0C122c6b73ff809C693DB761e7BaeBe62b6a2E', 'FLOKI', 'FLOKI', 9, 'FLOKI', MEME],
  ['0xd1d2Eb1B1e90B638588728b4130137D262C87cae', 'GALA', 'Gala', 8, 'GALA', GAME],
  ['0xBB0E17EF65F82Ab018d8EDd776e8DD940327B28b', 'AXS', 'Axie Infinity Shard', 18, 'AXS', GAME],
  ['0x3506424F91fD33084466F402d5D97f05F8e3b4AF', 'CHZ', 'Chiliz', 18, 'CHZ', []],
  ['0x0D8775F648430679A709E98d2b0Cb6250d2887EF', 'BAT', 'Basic Attention Token', 18, 'BAT', []],
  ['0xE41d2489571d322189246DaFA5ebDe1F4699F498', 'ZRX', '0x Protocol Token', 18, 'ZRX', DEX],
  ['0x0bc529c00C6401aEF6D220BE8C6Ea1667F6Ad93e', 'YFI', 'yearn.finance', 18, 'YFI', DEFI],
  ['0x6B3595068778DD592e39A122f4f5a5cF09C90fE2', 'SUSHI', 'SushiToken', 18, 'SUSHI', DEX],
  ['0xba100000625a3754423978a60c9317c58a424e3D', 'BAL', 'Balancer', 18, 'BAL', DEX],
  ['0xBBbbCA6A901c926F240b89EacB641d8Aec7AEafD', 'LRC', 'Loopring', 18, 'LRC', L2],
  ['0x6c3ea9036406852006290770BEdFcAbA0e23A0e8', 'PYUSD', 'PayPal USD', 6, 'PYUSD', STABLE],
  ['0x163f8C2467924be0ae7B5347228CABF260318753', 'WLD', 'Worldcoin', 18, 'WLD', AI],
  ['0x57e114B691Db790C35207b2e685D4A43181e6061', 'ENA', 'Ethena', 18, 'ENA', DEFI],
  ['0x4c9EDD5852cd905f086C759E8383e09bff1E68B3', 'USDe', 'Ethena USDe', 18, 'USDE', STABLE],
  ['0x853d955aCEf822Db058eb8505911ED77F175b99e', 'FRAX', 'Frax', 18, 'FRAX', STABLE],
  ['0xB8c77482e45F1F44dE1745F52C74426C631bDD52', 'BNB', 'BNB (ERC-20)', 18, 'BNB', []],
];

const SMARTCHAIN: readonly Row[] = [
  ['0x55d398326f99059fF775485246999027B3197955', 'USDT', 'Tether USD (BSC)', 18, 'USDT', STABLE],
  ['0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 'USDC', 'USD Coin (BSC)', 18, 'USDC', STABLE],
  ['0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', 'WBNB', 'Wrapped BNB', 18, 'BNB', DEFI],
  ['0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56', 'BUSD', 'Binance USD', 18, 'BUSD', STABLE],
  ['0x0E09FaBB73Bd3Ade0a17ECC321fD13a19e81cE82', 'CAKE', 'PancakeSwap', 18, 'CAKE', DEX],
  ['0x2170Ed0880ac9A755fd29B2688956BD959F933F8', 'ETH', 'Ethereum (BSC)', 18, 'ETH', []],
  ['0x7130d2A12B9BCbFAe4f2634d864A1Ee1Ce3Ead9c', 'BTCB', 'Bitcoin BEP2', 18, 'BTC', []],
  ['0x1AF3F329e8BE154074D8769D1FFa4eE058B1DBc3', 'DAI', 'Dai (BSC)', 18, 'DAI', STABLE],
  ['0xF8A0BF9cF54Bb92F17374d9e9A321E6a111a51bD', 'LINK', 'Chainlink (BSC)', 18, 'LINK', DEFI],
  ['0xBf5140A22578168FD562DCcF235E5D43A02ce9B1', 'UNI', 'Uniswap (BSC)', 18, 'UNI', DEX],
  ['0x1D2F0da169ceB9fC7B3144628dB156f3F6c60dBE', 'XRP', 'XRP (BSC)', 18, 'XRP', []],
  ['0xbA2aE424d960c26247Dd6c32edC70B295c744C43', 'DOGE', 'Dogecoin (BSC)', 8, 'DOGE', MEME],
  ['0x3EE2200Efb3400fAbB9AacF31297cBdD1d435D47', 'ADA', 'Cardano (BSC)', 18, 'ADA', []],
  ['0x4B0F1812e5Df2A09796481Ff14017e6005508003', 'TWT', 'Trust Wallet Token', 18, 'TWT', []],
  ['0xc5f0f7b66764F6ec8C8Dff7BA683102295E16409', 'FDUSD', 'First Digital USD', 18, 'FDUSD', STABLE],
];

const POLYGON: readonly Row[] = [
  ['0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 'USDC', 'USD Coin (Polygon)', 6, 'USDC', STABLE],
  ['0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', 'USDC.e', 'USD Coin (PoS, bridged)', 6, 'USDC', STABLE],
  ['0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 'USDT', 'Tether USD (Polygon)', 6, 'USDT', STABLE],
  ['0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', 'WETH', 'Wrapped Ether (Polygon)', 18, 'ETH', DEFI],
  ['0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6', 'WBTC', 'Wrapped BTC (Polygon)', 8, 'WBTC', DEFI],
  ['0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063', 'DAI', 'Dai (Polygon)', 18, 'DAI', STABLE],
  ['0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', 'WPOL', 'Wrapped POL', 18, 'POL', DEFI],
  ['0x53E0bca35eC356BD5ddDFebbD1Fc0fD03FaBad39', 'LINK', 'Chainlink (Polygon)', 18, 'LINK', DEFI],
  ['0xD6DF932A45C0f255f85145f286eA0b292B21C90B', 'AAVE', 'Aave (Polygon)', 18, 'AAVE', DEFI],
  ['0xb33EaAd8d922B1083446DC23f610c2567fB5180f', 'UNI', 'Uniswap (Polygon)', 18, 'UNI', DEX],
];

const ARBITRUM: readonly Row[] = [
  ['0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 'USDC', 'USD Coin (Arbitrum)', 6, 'USDC', STABLE],
  ['0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8', 'USDC.e', 'USD Coin (Arbitrum, bridged)', 6, 'USDC', STABLE],
  ['0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 'USDT', 'Tether USD (Arbitrum)', 6, 'USDT', STABLE],
  ['0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 'WETH', 'Wrapped Ether (Arbitrum)', 18, 'ETH', DEFI],
  ['0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f', 'WBTC', 'Wrapped BTC (Arbitrum)', 8, 'WBTC', DEFI],
  ['0x912CE59144191C1204E64559FE8253a0e49E6548', 'ARB', 'Arbitrum', 18, 'ARB', L2],
  ['0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 'DAI', 'Dai (Arbitrum)', 18, 'DAI', STABLE],
  ['0xf97f4df75117a78c1A5a0DBb814Af92458539FB4', 'LINK', 'Chainlink (Arbitrum)', 18, 'LINK', DEFI],
  ['0xfc5A1A6EB076a2C7aD06eD22C90d7E710E35ad0a', 'GMX', 'GMX', 18, 'GMX', DEX],
  ['0xFa7F8980b0f1E64A2062791cc3b0871572f1F7f0', 'UNI', 'Uniswap (Arbitrum)', 18, 'UNI', DEX],
];

const OPTIMISM: readonly Row[] = [
  ['0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 'USDC', 'USD Coin (Optimism)', 6, 'USDC', STABLE],
  ['0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 'USDT', 'Tether USD (Optimism)', 6, 'USDT', STABLE],
  ['0x4200000000000000000000000000000000000006', 'WETH', 'Wrapped Ether (Optimism)', 18, 'ETH', DEFI],
  ['0x4200000000000000000000000000000000000042', 'OP', 'Optimism', 18, 'OP', L2],
  ['0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 'DAI', 'Dai (Optimism)', 18, 'DAI', STABLE],
  ['0x68f180fcCe6836688e9084f035309E29Bf0A2095', 'WBTC', 'Wrapped BTC (Optimism)', 8, 'WBTC', DEFI],
  ['0x350a791Bfc2C21F9Ed5d10980Dad2e2638ffa7f6', 'LINK', 'Chainlink (Optimism)', 18, 'LINK', DEFI],
];

const BASE: readonly Row[] = [
  ['0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 'USDC', 'USD Coin (Base)', 6, 'USDC', STABLE],
  ['0x4200000000000000000000000000000000000006', 'WETH', 'Wrapped Ether (Base)', 18, 'ETH', DEFI],
  ['0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', 'DAI', 'Dai (Base)', 18, 'DAI', STABLE],
  ['0x2Ae3F1Ec7F1F5012CFEab0185bfc7aa3cf0DEc22', 'cbETH', 'Coinbase Wrapped Staked ETH (Base)', 18, 'CBETH', LST],
  ['0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', 'cbBTC', 'Coinbase Wrapped BTC', 8, 'CBBTC', DEFI],
  ['0x940181a94A35A4569E4529A3CDfB74e38FD98631', 'AERO', 'Aerodrome Finance', 18, 'AERO', DEX],
  ['0x4ed4E862860beD51a9570b96d89aF5E1B0Efefed', 'DEGEN', 'Degen', 18, 'DEGEN', MEME],
  ['0x532f27101965dd16442E59d40670FaF5eBB142E4', 'BRETT', 'Brett', 18, 'BRETT', MEME],
  ['0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA', 'USDbC', 'USD Base Coin (bridged)', 6, 'USDC', STABLE],
];

const AVALANCHE: readonly Row[] = [
  ['0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 'USDC', 'USD Coin (Avalanche)', 6, 'USDC', STABLE],
  ['0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', 'USDt', 'Tether USD (Avalanche)', 6, 'USDT', STABLE],
  ['0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7', 'WAVAX', 'Wrapped AVAX', 18, 'AVAX', DEFI],
  ['0x49D5c2BdFfac6CE2BFdB6640F4F80f226bc10bAB', 'WETH.e', 'Wrapped Ether (Avalanche bridge)', 18, 'ETH', DEFI],
  ['0x50b7545627a5162F82A992c33b87aDc75187B218', 'WBTC.e', 'Wrapped BTC (Avalanche bridge)', 8, 'WBTC', DEFI],
  ['0x152b9d0FdC40C096757F570A51E494bd4b943E50', 'BTC.b', 'Bitcoin (Avalanche bridge)', 8, 'BTC', DEFI],
  ['0x6e84a6216eA6dACC71eE8E6b0a5B7322EEbC0fDd', 'JOE', 'JoeToken', 18, 'JOE', DEX],
  ['0xd586E7F844cEa2F87f50152665BCbc2C279D8d70', 'DAI.e', 'Dai (Avalanche bridge)', 18, 'DAI', STABLE],
  ['0x5947BB275c521040051D82396192181b413227A3', 'LINK.e', 'Chainlink (Avalanche bridge)', 18, 'LINK', DEFI],
];

const SOLANA: readonly Row[] = [
  ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'USDC', 'USD Coin (Solana)', 6, 'USDC', STABLE],
  ['Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 'USDT', 'Tether USD (Solana)', 6, 'USDT', STABLE],
  ['So11111111111111111111111111111111111111112', 'wSOL', 'Wrapped SOL', 9, 'SOL', DEFI],
  ['JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', 'JUP', 'Jupiter', 6, 'JUP', DEX],
  ['DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', 'Bonk', 'Bonk', 5, 'BONK', MEME],
  ['EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm', 'WIF', 'dogwifhat', 6, 'WIF', MEME],
  ['4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R', 'RAY', 'Raydium', 6, 'RAY', DEX],
  ['HZ1JovNiVvGrGNiiYvEozEVgZ58xaU3RKwX8eACQBCt3', 'PYTH', 'Pyth Network', 6, 'PYTH', DEFI],
  ['mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So', 'mSOL', 'Marinade staked SOL', 9, 'MSOL', LST],
  ['J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn', 'JitoSOL', 'Jito Staked SOL', 9, 'JITOSOL', LST],
  ['orcaEKTdK7LKz57vaAYr9QeNsVEPfiu6QeMU1kektZE', 'ORCA', 'Orca', 6, 'ORCA', DEX],
  ['jtojtomepa8beP8AuQc6eXt5FriJwfFMwQx2v2f9mCL', 'JTO', 'Jito', 9, 'JTO', LST],
  ['7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr', 'POPCAT', 'Popcat', 9, 'POPCAT', MEME],
  ['85VBFQZC9TZkfaptBWjvUw7YbZjy52A6mjtPGjstQAmQ', 'W', 'Wormhole', 6, 'W', []],
  ['rndrizKT3MK1iimdxRdWabcF7Zg7AR5T4nud4EkHBof', 'RENDER', 'Render', 8, 'RENDER', AI],
];

const TRON: readonly Row[] = [
  ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'USDT', 'Tether USD (Tron)', 6, 'USDT', STABLE],
  ['TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 'USDC', 'USD Coin (Tron)', 6, 'USDC', STABLE],
  ['TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR', 'WTRX', 'Wrapped TRX', 6, 'TRX', DEFI],
  ['TAFjULxiVgT4qWk6UZwjqwZXTSaGaqnVp4', 'BTT', 'BitTorrent', 18, 'BTT', []],
  ['TCFLL5dx5ZJdKnWuesXxi1VPwjLVmWZZy9', 'JST', 'JUST', 18, 'JST', DEFI],
  ['TSSMHYeV2uE9qYH95DqyoCuNCzEL1NvU3S', 'SUN', 'SUN', 18, 'SUN', DEX],
  ['TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'WIN', 'WINkLink', 6, 'WIN', GAME],
];

const TON: readonly Row[] = [['EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs', 'USD₮', 'Tether USD (TON)', 6, 'USDT', STABLE]];

const SUI: readonly Row[] = [
  ['0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC', 'USDC', 'USD Coin (Sui)', 6, 'USDC', STABLE],
];

const APTOS: readonly Row[] = [
  ['0xbae207659db88bea0cbead6da0ed00aac12edcdda169e591cd41c94180b46f3b', 'USDC', 'USD Coin (Aptos)', 6, 'USDC', STABLE],
];

const TEZOS: readonly Row[] = [['KT1PWx2mnDueood7fEmfbBDKx1D9BAnnXitn', 'tzBTC', 'tzBTC', 8, 'TZBTC', DEFI]];

const BY_COIN: ReadonlyArray<readonly [number, readonly Row[]]> = [
  [60, ETHEREUM],
  [714, SMARTCHAIN],
  [137, POLYGON],
  [42161, ARBITRUM],
  [10, OPTIMISM],
  [8453, BASE],
  [43114, AVALANCHE],
  [501, SOLANA],
  [195, TRON],
  [607, TON],
  [784, SUI],
  [637, APTOS],
  [1729, TEZOS],
];

export const KNOWN_TOKENS: readonly KnownToken[] = BY_COIN.flatMap(([coin, rows]) =>
  rows.map(([contract, symbol, name, decimals, market, tags = []]) => ({ coin, contract, symbol, name, decimals, market, tags })),
);
